-- CreateTable
CREATE TABLE "design_data_fields" (
    "designId" VARCHAR(50) NOT NULL,
    "name" VARCHAR(50) NOT NULL,
    "type" "BrandTemplateFieldType" NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "design_data_fields_pkey" PRIMARY KEY ("designId","name")
);

-- CreateTable
CREATE TABLE "design_merges" (
    "jobId" VARCHAR(50) NOT NULL,
    "designId" VARCHAR(50) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "design_merges_pkey" PRIMARY KEY ("jobId")
);

