-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'delivered', 'failed');

-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "clientId" VARCHAR(50);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "clientId" VARCHAR(50) NOT NULL,
    "url" VARCHAR(2048) NOT NULL,
    "events" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("clientId")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" VARCHAR(50) NOT NULL,
    "clientId" VARCHAR(50) NOT NULL,
    "kind" VARCHAR(30) NOT NULL,
    "userId" INTEGER NOT NULL,
    "teamId" VARCHAR(50),
    "data" JSONB NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3),
    "giveUpAt" TIMESTAMPTZ(3) NOT NULL,
    "deliveredAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" SERIAL NOT NULL,
    "deliveryId" VARCHAR(50) NOT NULL,
    "number" INTEGER NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "httpStatus" INTEGER,
    "error" VARCHAR(500),
    "outcome" VARCHAR(20) NOT NULL,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_deliveries_clientId_createdAt_idx" ON "webhook_deliveries"("clientId", "createdAt");

-- CreateIndex
CREATE INDEX "webhook_deliveries_clientId_status_createdAt_idx" ON "webhook_deliveries"("clientId", "status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_attempts_deliveryId_number_key" ON "webhook_attempts"("deliveryId", "number");

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

