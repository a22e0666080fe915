// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Job } from "../../../generated/prisma/client.js";
import { inProQuality, normalizedFormat, type ExportFormatRequest } from "../domain/export-format.js";
import { exportInputOf } from "../domain/export-jobs.js";

describe("export quality as the job keeps it", () => {
  test("every format but pptx takes export_quality, regular unless asked; pptx refuses it", () => {
    const requests: ExportFormatRequest[] = [{ type: "pdf" }, { type: "png" }, { type: "jpg", quality: 80 }, { type: "gif" }, { type: "mp4", videoQuality: "horizontal_480p" }];
    for (const request of requests) {
      assert.equal(inProQuality(normalizedFormat(request)), false, `${request.type} defaults to regular`);
      assert.deepEqual(normalizedFormat({ ...request, exportQuality: "pro" }), { ...normalizedFormat(request), exportQuality: "pro" }, `${request.type} keeps pro`);
    }
    assert.deepEqual(normalizedFormat({ type: "pptx" }), { type: "pptx" });
    assert.throws(() => normalizedFormat({ type: "pptx", exportQuality: "regular" }), /format.export_quality does not apply to pptx exports/);
  });

  test("a PDF export asked before every format had exportQuality (its quality then named `quality`) runs in the quality it was asked", () => {
    const stored = (format: object) => ({ input: { designId: "D1", teamId: "T1", pages: [1], format } }) as unknown as Job;
    assert.deepEqual(exportInputOf(stored({ type: "pdf", size: "a3", quality: "pro" })).format, { type: "pdf", size: "a3", exportQuality: "pro" });
    assert.deepEqual(exportInputOf(stored({ type: "pdf", size: "a4", quality: "regular" })).format, { type: "pdf", size: "a4", exportQuality: "regular" });
    assert.deepEqual(exportInputOf(stored({ type: "jpg", quality: 80, exportQuality: "pro" })).format, { type: "jpg", quality: 80, exportQuality: "pro" }, "a JPEG's quality is its own");
  });
});
