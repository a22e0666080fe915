-- What each kept edit weighs, and what a design's kept edits weigh together (DESIGN_HISTORY_BYTES_MAX bounds it).
ALTER TABLE "design_edits" ADD COLUMN "bytes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "designs" ADD COLUMN "editBytesKept" INTEGER NOT NULL DEFAULT 0;

UPDATE "design_edits"
SET "bytes" = octet_length("operations"::text) + octet_length("changedElementIds"::text) + octet_length("removedElementIds"::text);

UPDATE "designs" AS d
SET "editBytesKept" = kept.total
FROM (SELECT "designId", sum("bytes") AS total FROM "design_edits" GROUP BY "designId") AS kept
WHERE kept."designId" = d.id;
