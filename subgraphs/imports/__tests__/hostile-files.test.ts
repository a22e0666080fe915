// @tier contract
// @own-process: measures this process's memory, which files run before it in a shared process would change
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { base64Name, finishedJob, postUpload } from "../../../testing/assets.js";
import * as bombs from "../../../testing/bombs.js";
import { DESIGN_SCOPES, designScopedToken, startDesignPlatform } from "../../../testing/designs.js";
import { pdf, postImport, pptx } from "../../../testing/imports.js";
import { MIB, peakGrowth } from "../../../testing/memory.js";
import { DESIGN_DOMAINS, type TestPlatform } from "../../../testing/platform.js";

/**
 * Hostile files against the platform's default budgets: each fails its job with the documented error
 * while this process (the whole platform) grows by at most 128 MiB and keeps answering meanwhile.
 */
const BUDGET = 128 * MIB;

let t: TestPlatform;
let token: string;
/** What each bomb cost, printed at the end (the closing note quotes it). */
const measured: { file: string; kib: number; growthMib: number; ms: number; code: string }[] = [];

before(async () => {
  const started = await startDesignPlatform({}, [...DESIGN_DOMAINS, "imports"]);
  t = started.t;
  token = await designScopedToken(t.http, started.p, started.p.client, `${DESIGN_SCOPES} asset:read asset:write`);
  // Every decoder loaded once (what a first import loads is not a bomb's doing).
  for (const file of [await pdf([[200, 200]]), pptx(["warm"]), await bombs.pdfManyPages(1)]) {
    assert.equal((await imported(file)).status, "success");
  }
});
after(() => {
  console.log(measured.map((row) => `${row.file}: ${row.kib} KiB, +${row.growthMib} MiB, ${row.code} after ${row.ms} ms`).join("\n"));
  return t.stop();
});

async function imported(bytes: Buffer): Promise<any> {
  const created = await postImport(t.http, token, bytes, "hostile");
  assert.equal(created.status, 200, created.text);
  return finishedJob(t.http, `/v1/imports/${created.body.job.id}`, token, 120_000);
}

async function uploadedAsset(bytes: Buffer): Promise<any> {
  const created = await postUpload(t.http, token, bytes, { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("hostile") }) });
  assert.equal(created.status, 200, created.text);
  return finishedJob(t.http, `/v1/asset-uploads/${created.body.job.id}`, token, 120_000);
}

/** Runs the job while another caller keeps asking the platform something: every answer must come, and come while the job runs. */
async function whileAnswering(run: () => Promise<any>): Promise<any> {
  let running = true;
  const answers: number[] = [];
  const asking = (async () => {
    while (running) {
      const response = await t.http.graphql(`{ me { id } }`, {}, token);
      answers.push(response.status);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return await run();
  } finally {
    running = false;
    await asking;
    assert.ok(answers.length > 0 && answers.every((status) => status === 200), `answers meanwhile: ${answers.join(",")}`);
  }
}

async function expectFailure(name: string, bytes: Buffer, run: (bytes: Buffer) => Promise<any>, code: string, message: RegExp) {
  let job: any;
  const started = Date.now();
  const growth = await peakGrowth(async () => void (job = await whileAnswering(() => run(bytes))));
  measured.push({ file: name, kib: Math.round(bytes.length / 1024), growthMib: Math.round(growth / MIB), ms: Date.now() - started, code: job.error?.code });
  assert.deepEqual([job.status, job.error?.code], ["failed", code], JSON.stringify(job));
  assert.match(job.error.message, message);
  assert.ok(growth <= BUDGET, `${name}: the platform grew by ${(growth / MIB).toFixed(1)} MiB`);
}

describe("PDF imports within their budget", () => {
  test("an 8192 × 8192 FlateDecode image on a Letter page (64 KiB) fails with invalid_file, naming the image limit", async () => {
    await expectFailure("PDF image bomb", await bombs.pdfImageBomb(8192), imported, "invalid_file", /holds an image of more than 16000000 pixels \(IMPORT_PDF_MAX_IMAGE_PIXELS\)/);
  });

  test("an 8,000-page PDF fails with invalid_file before any page is drawn", async () => {
    await expectFailure("8,000-page PDF", await bombs.pdfManyPages(8000), imported, "invalid_file", /has 8000 pages: at most 500/);
  });

  test("a content stream inflating to 256 MiB of drawing operators (650 KiB) ends the decoder process at its memory limit: invalid_file", async () => {
    await expectFailure("PDF content bomb", await bombs.pdfContentBomb(), imported, "invalid_file", /needs more than 768 MiB to be read \(IMPORT_DECODER_MAX_MEMORY\)/);
  });

  test("a 14,400-point page (the format's largest) is drawn at a smaller scale, within the memory budget", async () => {
    const huge = await bombs.pdfHugePage(14_400, 14_400);
    let job: any;
    const growth = await peakGrowth(async () => void (job = await whileAnswering(() => imported(huge))));
    assert.equal(job.status, "success", JSON.stringify(job));
    assert.ok(growth <= BUDGET, `a 19200 × 19200 page grew the platform by ${(growth / MIB).toFixed(1)} MiB`);
  });
});

describe("PPTX imports within their budget", () => {
  test("64 slide parts of 8 MiB each (a 517 KiB ZIP) stop at the total inflated budget: invalid_file", async () => {
    await expectFailure("PPTX parts bomb", bombs.pptxPartsBomb(64), imported, "invalid_file", /inflate past 64 MiB in all \(IMPORT_ZIP_MAX_INFLATED_BYTES\)/);
  });

  test("a 10,000-slide presentation fails from its central directory, before a slide is inflated", async () => {
    await expectFailure("10,000-slide PPTX", bombs.pptxManySlides(10_000), imported, "invalid_file", /entries: at most 10000 are read|10000 slides: at most 500/);
  });

  test("a 4 KiB slide of 5,000 text boxes fails instead of making 5,000 elements", async () => {
    await expectFailure("5,000 text boxes", bombs.pptxManyTextBoxes(5_000), imported, "invalid_file", /Slide 1 has more than 1000 text boxes \(IMPORT_MAX_ELEMENTS_PER_PAGE\)/);
  });

  test("100 slides of 100 text boxes each fail instead of making 10,000 elements", async () => {
    await expectFailure("100 × 100 text boxes", bombs.pptxManyTextBoxes(100, 100), imported, "invalid_file", /more than 5000 text boxes in all \(IMPORT_MAX_ELEMENTS\)/);
  });

  test("a part whose headers declare 1,000 bytes but which inflates to 64 MiB is damaged, not trusted", async () => {
    await expectFailure("lying part size", bombs.pptxLyingSize(), imported, "invalid_file", /damaged or incomplete/);
  });
});

describe("images within their budget", () => {
  test("a PNG declaring 100,000 × 100,000 pixels fails as an import (invalid_file) and as an asset upload (import_failed)", async () => {
    const bomb = bombs.pngDeclaring(100_000, 100_000);
    await expectFailure("100,000² PNG import", bomb, imported, "invalid_file", /100000 × 100000 pixels, more than the 100000000 pixel limit/);
    await expectFailure("100,000² PNG asset", bomb, uploadedAsset, "import_failed", /100000 × 100000 pixels, more than the 100000000 pixel limit/);
  });

  test("an animated GIF counts every frame: 200 frames of 1000 × 1000 pass the pixel limit", async () => {
    await expectFailure("GIF of 200 frames", bombs.gifFrames(1000, 1000, 200), uploadedAsset, "import_failed", /200 frames of 1000 × 1000 pixels are more than the 100000000 pixel limit/);
  });
});
