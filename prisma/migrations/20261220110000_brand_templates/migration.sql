-- CreateEnum
CREATE TYPE "BrandTemplateFieldType" AS ENUM ('text', 'image', 'chart');

-- CreateTable
CREATE TABLE "brand_templates" (
    "id" VARCHAR(50) NOT NULL,
    "legacyId" VARCHAR(50) NOT NULL,
    "legacyIdExpiresAt" TIMESTAMPTZ(3) NOT NULL,
    "title" VARCHAR(255) NOT NULL,
    "titleKey" VARCHAR(255) NOT NULL,
    "teamId" VARCHAR(50) NOT NULL,
    "ownerId" INTEGER NOT NULL,
    "sourceDesignId" VARCHAR(50) NOT NULL,
    "designId" VARCHAR(50) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "brand_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "brand_template_fields" (
    "templateId" VARCHAR(50) NOT NULL,
    "name" VARCHAR(50) NOT NULL,
    "type" "BrandTemplateFieldType" NOT NULL,
    "elementId" VARCHAR(50) NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "brand_template_fields_pkey" PRIMARY KEY ("templateId","name")
);

-- CreateIndex
CREATE UNIQUE INDEX "brand_templates_legacyId_key" ON "brand_templates"("legacyId");

-- CreateIndex
CREATE UNIQUE INDEX "brand_templates_designId_key" ON "brand_templates"("designId");

-- CreateIndex
CREATE INDEX "brand_templates_teamId_updatedAt_idx" ON "brand_templates"("teamId", "updatedAt");

-- AddForeignKey
ALTER TABLE "brand_template_fields" ADD CONSTRAINT "brand_template_fields_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "brand_templates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

