-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('in_progress', 'success', 'failed');

-- CreateTable
CREATE TABLE "jobs" (
    "id" VARCHAR(50) NOT NULL,
    "kind" VARCHAR(50) NOT NULL,
    "ownerId" INTEGER NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'in_progress',
    "input" JSONB NOT NULL,
    "result" JSONB,
    "errorCode" VARCHAR(50),
    "errorMessage" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 5,
    "runAfter" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedBy" VARCHAR(100),
    "lockedUntil" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "jobs_status_runAfter_idx" ON "jobs"("status", "runAfter");

-- CreateIndex
CREATE INDEX "jobs_ownerId_idx" ON "jobs"("ownerId");

