-- AlterTable
ALTER TABLE "designs" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "design_pages" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "design_elements" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "design_edits" (
    "designId" VARCHAR(50) NOT NULL,
    "version" INTEGER NOT NULL,
    "authorId" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "operations" JSONB NOT NULL,
    "changedElementIds" JSONB NOT NULL,
    "removedElementIds" JSONB NOT NULL,

    CONSTRAINT "design_edits_pkey" PRIMARY KEY ("designId","version")
);

-- CreateIndex
CREATE INDEX "design_edits_at_idx" ON "design_edits"("at");

-- AddForeignKey
ALTER TABLE "design_edits" ADD CONSTRAINT "design_edits_designId_fkey" FOREIGN KEY ("designId") REFERENCES "designs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

