-- AlterTable
ALTER TABLE "brand_template_fields" ADD COLUMN     "sourceElementId" VARCHAR(50);
