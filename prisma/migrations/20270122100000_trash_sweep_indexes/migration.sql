-- CreateIndex
CREATE INDEX "assets_trashedAt_idx" ON "assets"("trashedAt");

-- CreateIndex
CREATE INDEX "design_elements_assetId_idx" ON "design_elements"("assetId");

