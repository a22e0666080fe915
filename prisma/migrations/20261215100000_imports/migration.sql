-- CreateTable
CREATE TABLE "import_uploads" (
    "id" VARCHAR(50) NOT NULL,
    "ownerId" INTEGER NOT NULL,
    "teamId" VARCHAR(50) NOT NULL,
    "title" VARCHAR(255) NOT NULL,
    "mimeType" VARCHAR(255),
    "byteSize" INTEGER,
    "tooBig" BOOLEAN NOT NULL DEFAULT false,
    "receivedAt" TIMESTAMPTZ(3),
    "jobId" VARCHAR(50),
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "import_uploads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "import_uploads_jobId_key" ON "import_uploads"("jobId");

-- CreateIndex
CREATE INDEX "import_uploads_expiresAt_idx" ON "import_uploads"("expiresAt");

