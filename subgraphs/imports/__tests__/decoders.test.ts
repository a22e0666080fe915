// @tier unit
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { PermanentJobError } from "../../../lib/jobs/errors.js";
import { Settings } from "../../../lib/settings.js";
import * as bombs from "../../../testing/bombs.js";
import { pdf, pptx } from "../../../testing/imports.js";
import { drawPdf } from "../domain/pdf/read-pdf.js";
import { readPresentation } from "../domain/pptx.js";
import { importsSettings } from "../settings.js";

/** The decoders on their own (no platform): each budget, from the defaults a deployment gets. */
const DEFAULTS = importsSettings(new Settings({}));
let folder: string;
before(async () => (folder = await mkdtemp(path.join(tmpdir(), "decoders-"))));
after(() => rm(folder, { recursive: true, force: true }));

let files = 0;
async function saved(bytes: Buffer): Promise<string> {
  const file = path.join(folder, `file-${++files}`);
  await writeFile(file, bytes);
  return file;
}

async function failure(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await work.then(
    () => assert.fail("expected the file to be refused"),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof PermanentJobError, String(error));
  return { code: error.code, message: error.message };
}

describe("PPTX", () => {
  const read = async (bytes: Buffer, budget = DEFAULTS.presentation) => readPresentation(await saved(bytes), budget);

  test("a presentation reads as one page per slide with its text boxes", async () => {
    const pages = await read(pptx(["One &amp; two", "Three"]));
    assert.deepEqual(
      pages.map((page) => [page.width, page.height, page.elements.map((element) => element.kind === "text" && element.text)]),
      [
        [1280, 720, ["One & two"]],
        [1280, 720, ["Three"]],
      ],
    );
  });

  test("each budget fails the file with invalid_file naming its setting", async () => {
    const tight = { maxPages: 3, maxElementsPerPage: 10, maxElements: 25, zip: { maxEntries: 50, maxPartBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024 } };
    const cases: [Buffer, RegExp][] = [
      [bombs.pptxManyEntries(60), /has 65 entries: at most 50 are read \(IMPORT_ZIP_MAX_ENTRIES\)/],
      [bombs.pptxPartsBomb(1, 2 * 1024 * 1024), /declares 2 MiB: at most 1 MiB each \(IMPORT_ZIP_MAX_PART_BYTES\)/],
      [bombs.pptxPartsBomb(3, 1000 * 1024), /inflate past 2 MiB in all \(IMPORT_ZIP_MAX_INFLATED_BYTES\)/],
      [pptx(["a", "b", "c", "d"]), /has 4 slides: at most 3 can be imported/],
      [bombs.pptxManyTextBoxes(11), /Slide 1 has more than 10 text boxes \(IMPORT_MAX_ELEMENTS_PER_PAGE\)/],
      [bombs.pptxManyTextBoxes(9, 3), /more than 25 text boxes in all \(IMPORT_MAX_ELEMENTS\)/],
      [bombs.pptxLyingSize(4 * 1024 * 1024), /damaged or incomplete/],
      [Buffer.from("PK\u0003\u0004 not really a zip"), /damaged or incomplete/],
    ];
    for (const [bytes, message] of cases) {
      const { code, message: said } = await failure(read(bytes, tight));
      assert.equal(code, "invalid_file", said);
      assert.match(said, message);
    }
  });

  test("a slide of 600,000 unclosed shapes (7.8 MiB) is read in one pass (no shape, no hang)", async () => {
    const pages = await read(bombs.pptxUnclosedShapes());
    assert.deepEqual(pages.map((page) => page.elements.length), [0]);
  });
});

describe("PDF (in its decoder process)", () => {
  const draw = async (bytes: Buffer, budget = DEFAULTS.pdf, limits = DEFAULTS.decoder) => drawPdf(await saved(bytes), budget, limits);

  test("pages come back with their sizes, drawn; the drawn files go with dispose", async () => {
    const drawn = await draw(await pdf([[300, 150], [72, 72]]));
    assert.deepEqual(drawn.pages.map(({ width, height }) => [width, height]), [[400, 200], [96, 96]]);
    await drawn.dispose();
  });

  test("each budget fails the file with invalid_file naming its setting", async () => {
    const cases: [Buffer, Partial<typeof DEFAULTS.pdf>, RegExp][] = [
      [await bombs.pdfImageBomb(2000), { maxImagePixels: 3_000_000 }, /Page 1 of the PDF holds an image of more than 3000000 pixels \(IMPORT_PDF_MAX_IMAGE_PIXELS\)/],
      [await bombs.pdfHugePage(3000, 3000), { maxPagePixels: 10_000_000 }, /Page 1 of the PDF is 4000 × 4000 pixels: at most 10000000 pixels a page \(IMPORT_PDF_MAX_PAGE_PIXELS\)/],
      [await pdf([[600, 600], [600, 600]]), { maxTotalPixels: 1_000_000 }, /more than 1000000 pixels in all \(IMPORT_PDF_MAX_TOTAL_PIXELS\)/],
      [await pdf([[100, 100], [100, 100]]), { maxPages: 1 }, /has 2 pages: at most 1 can be imported/],
    ];
    for (const [bytes, budget, message] of cases) {
      const { code, message: said } = await failure(draw(bytes, { ...DEFAULTS.pdf, ...budget }));
      assert.equal(code, "invalid_file", said);
      assert.match(said, message);
    }
  });

  test("a decoder past its memory or its time is ended: invalid_file naming the setting", async () => {
    const bomb = await bombs.pdfImageBomb(8192);
    const unlimited = { ...DEFAULTS.pdf, maxImagePixels: 1_000_000_000 };
    const memory = await failure(draw(bomb, unlimited, { ...DEFAULTS.decoder, memoryBytes: 400 * 1024 * 1024 }));
    assert.deepEqual(memory, { code: "invalid_file", message: "The PDF needs more than 400 MiB to be read (IMPORT_DECODER_MAX_MEMORY)" });
    const time = await failure(draw(bomb, unlimited, { ...DEFAULTS.decoder, timeoutMs: 200 }));
    assert.deepEqual(time, { code: "invalid_file", message: "The PDF takes longer than 0 s to be read (IMPORT_DECODER_TIMEOUT_MS)" });
  });
});
