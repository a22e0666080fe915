-- CreateEnum
CREATE TYPE "DesignTypeKind" AS ENUM ('preset', 'custom');

-- CreateEnum
CREATE TYPE "DesignPreset" AS ENUM ('doc', 'email', 'presentation', 'whiteboard');

-- CreateEnum
CREATE TYPE "DesignElementKind" AS ENUM ('image', 'text', 'shape');

-- CreateEnum
CREATE TYPE "DesignShape" AS ENUM ('rect', 'ellipse');

-- CreateTable
CREATE TABLE "designs" (
    "id" VARCHAR(50) NOT NULL,
    "title" VARCHAR(255) NOT NULL,
    "titleKey" VARCHAR(255) NOT NULL,
    "ownerId" INTEGER NOT NULL,
    "teamId" VARCHAR(50) NOT NULL,
    "typeKind" "DesignTypeKind" NOT NULL,
    "preset" "DesignPreset",
    "changedByUser" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "designs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "design_pages" (
    "id" VARCHAR(50) NOT NULL,
    "designId" VARCHAR(50) NOT NULL,
    "index" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,

    CONSTRAINT "design_pages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "design_elements" (
    "id" VARCHAR(50) NOT NULL,
    "pageId" VARCHAR(50) NOT NULL,
    "kind" "DesignElementKind" NOT NULL,
    "x" INTEGER NOT NULL,
    "y" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "z" INTEGER NOT NULL,
    "assetId" VARCHAR(50),
    "text" TEXT,
    "fontSize" INTEGER,
    "color" VARCHAR(9),
    "shape" "DesignShape",
    "fill" VARCHAR(9),

    CONSTRAINT "design_elements_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "designs_teamId_updatedAt_idx" ON "designs"("teamId", "updatedAt");

-- CreateIndex
CREATE INDEX "designs_changedByUser_createdAt_idx" ON "designs"("changedByUser", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "design_pages_designId_index_key" ON "design_pages"("designId", "index");

-- CreateIndex
CREATE INDEX "design_elements_pageId_z_idx" ON "design_elements"("pageId", "z");

-- AddForeignKey
ALTER TABLE "design_pages" ADD CONSTRAINT "design_pages_designId_fkey" FOREIGN KEY ("designId") REFERENCES "designs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "design_elements" ADD CONSTRAINT "design_elements_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "design_pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

