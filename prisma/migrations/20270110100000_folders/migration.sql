-- CreateEnum
CREATE TYPE "FolderPlacedKind" AS ENUM ('design', 'image');

-- CreateTable
CREATE TABLE "folders" (
    "id" VARCHAR(50) NOT NULL,
    "teamId" VARCHAR(50) NOT NULL,
    "ownerId" INTEGER NOT NULL,
    "parentId" VARCHAR(50) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "nameKey" VARCHAR(255) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "folders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "folder_placements" (
    "itemId" VARCHAR(50) NOT NULL,
    "kind" "FolderPlacedKind" NOT NULL,
    "teamId" VARCHAR(50) NOT NULL,
    "parentId" VARCHAR(50) NOT NULL,
    "placedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "folder_placements_pkey" PRIMARY KEY ("itemId")
);

-- CreateIndex
CREATE INDEX "folders_teamId_parentId_idx" ON "folders"("teamId", "parentId");

-- CreateIndex
CREATE INDEX "folder_placements_teamId_parentId_idx" ON "folder_placements"("teamId", "parentId");

