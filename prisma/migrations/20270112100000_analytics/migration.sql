-- CreateTable
CREATE TABLE "design_view_links" (
    "id" VARCHAR(24) NOT NULL,
    "designId" VARCHAR(50) NOT NULL,
    "purpose" VARCHAR(8) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "design_view_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "design_views" (
    "viewerId" VARCHAR(24) NOT NULL,
    "minute" TIMESTAMPTZ(3) NOT NULL,
    "designId" VARCHAR(50) NOT NULL,
    "linkId" VARCHAR(24) NOT NULL,
    "pagesShown" INTEGER NOT NULL,

    CONSTRAINT "design_views_pkey" PRIMARY KEY ("viewerId","minute")
);

-- CreateIndex
CREATE INDEX "design_view_links_designId_createdAt_idx" ON "design_view_links"("designId", "createdAt");

-- CreateIndex
CREATE INDEX "design_views_designId_minute_idx" ON "design_views"("designId", "minute");

-- CreateIndex
CREATE INDEX "design_views_linkId_idx" ON "design_views"("linkId");

-- AddForeignKey
ALTER TABLE "design_view_links" ADD CONSTRAINT "design_view_links_designId_fkey" FOREIGN KEY ("designId") REFERENCES "designs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "design_views" ADD CONSTRAINT "design_views_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "design_view_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;

