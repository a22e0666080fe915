-- Integrations are reviewed before they can be authorized. Integrations registered before this
-- migration become unreviewed: an ADMIN (or npm run oauth:client -- --approve <id>) approves them.

-- CreateEnum
CREATE TYPE "IntegrationStatus" AS ENUM ('unreviewed', 'approved', 'rejected');

-- AlterTable
ALTER TABLE "oauth_clients" ADD COLUMN     "reviewedAt" TIMESTAMPTZ(3),
ADD COLUMN     "reviewedBy" INTEGER,
ADD COLUMN     "status" "IntegrationStatus" NOT NULL DEFAULT 'unreviewed';

-- CreateIndex
CREATE INDEX "oauth_clients_ownerId_idx" ON "oauth_clients"("ownerId");

