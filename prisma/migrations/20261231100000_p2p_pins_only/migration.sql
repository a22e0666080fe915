-- Blocks an earlier version kept when it fetched them from a peer, for any reader: nobody pinned them,
-- and only signed-in users' pins are kept now.
DELETE FROM "P2pBlock" WHERE "createdById" IS NULL;

-- AlterTable
ALTER TABLE "P2pBlock" ALTER COLUMN "createdById" SET NOT NULL;

-- CreateIndex: pins are summed per user for the quota.
CREATE INDEX "P2pBlock_createdById_idx" ON "P2pBlock"("createdById");
