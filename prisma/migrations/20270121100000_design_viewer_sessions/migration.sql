-- CreateTable
CREATE TABLE "design_viewer_sessions" (
    "designId" VARCHAR(50) NOT NULL,
    "userId" INTEGER NOT NULL,
    "sessionId" VARCHAR(64) NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "design_viewer_sessions_pkey" PRIMARY KEY ("designId","userId","sessionId")
);

-- CreateIndex
CREATE INDEX "design_viewer_sessions_expiresAt_idx" ON "design_viewer_sessions"("expiresAt");

-- AddForeignKey
ALTER TABLE "design_viewer_sessions" ADD CONSTRAINT "design_viewer_sessions_designId_fkey" FOREIGN KEY ("designId") REFERENCES "designs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

