-- CreateEnum
CREATE TYPE "AssetType" AS ENUM ('image', 'video');

-- CreateTable
CREATE TABLE "assets" (
    "id" VARCHAR(50) NOT NULL,
    "type" "AssetType" NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "tags" TEXT[],
    "ownerId" INTEGER NOT NULL,
    "teamId" VARCHAR(50) NOT NULL,
    "blobKey" VARCHAR(300) NOT NULL,
    "contentType" VARCHAR(100) NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "thumbnailKey" VARCHAR(300),
    "thumbnailWidth" INTEGER,
    "thumbnailHeight" INTEGER,
    "trashedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "assets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "asset_uploads" (
    "id" VARCHAR(50) NOT NULL,
    "ownerId" INTEGER NOT NULL,
    "teamId" VARCHAR(50) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "byteSize" INTEGER,
    "tooBig" BOOLEAN NOT NULL DEFAULT false,
    "receivedAt" TIMESTAMPTZ(3),
    "jobId" VARCHAR(50),
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "asset_uploads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "assets_teamId_idx" ON "assets"("teamId");

-- CreateIndex
CREATE UNIQUE INDEX "asset_uploads_jobId_key" ON "asset_uploads"("jobId");

