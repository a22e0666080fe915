// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { designAndAssetToken, startDesignPlatform } from "../../../testing/designs.js";
import { BLUE, designWithContent, downloaded, exported, GREEN, openedImage, openedPresentation, openedVideo, PAGE_SIZES, pdfPageSizes, RED } from "../../../testing/exports.js";
import type { People } from "../../../testing/people.js";
import { DESIGN_DOMAINS, type TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let p: People;
let token: string;
let designId: string;

before(async () => {
  ({ t, p } = await startDesignPlatform({}, [...DESIGN_DOMAINS, "exports"]));
  token = await designAndAssetToken(t.http, p, p.client);
  designId = await designWithContent(t, token);
});
after(() => t.stop());

const near = (actual: number[], expected: { r: number; g: number; b: number }, what: string, tolerance = 12) =>
  assert.ok([expected.r, expected.g, expected.b].every((value, i) => Math.abs(actual[i] - value) <= tolerance), `${what}: ${actual} is not ${JSON.stringify(expected)}`);
const WHITE = { r: 255, g: 255, b: 255 };

async function succeeded(format: Record<string, unknown>) {
  const job = await exported(t.http, token, designId, format);
  assert.equal(job.status, "success", JSON.stringify(job));
  assert.deepEqual(Object.keys(job).sort(), ["id", "status", "urls"]);
  return job;
}

describe("POST /v1/exports: every format is a real file drawn from the design's pages", () => {
  test("pdf: one file, a page per design page on the paper asked, turned for landscape pages", async () => {
    const job = await succeeded({ type: "pdf" });
    assert.equal(job.urls.length, 1);
    const file = await downloaded(t.http, job.urls[0]);
    assert.equal(file.contentType, "application/pdf");
    assert.deepEqual(await pdfPageSizes(file.bytes), [[841.89, 595.28], [595.28, 841.89], [841.89, 595.28]], "A4, landscape pages turned");
    const letter = await succeeded({ type: "pdf", size: "letter", pages: [3, 2] });
    assert.deepEqual(await pdfPageSizes((await downloaded(t.http, letter.urls[0])).bytes), [[612, 792], [792, 612]], "pages 2 and 3, in page order, on Letter");
    // What `export_quality` changes, and the plan it needs: export-quality.test.ts.
  });

  test("png: one file per page at the page's size, content drawn (shapes, text, images)", async () => {
    const job = await succeeded({ type: "png" });
    assert.equal(job.urls.length, 3);
    const images = await Promise.all(job.urls.map(async (url: string) => openedImage((await downloaded(t.http, url)).bytes)));
    assert.deepEqual(images.map((image) => [image.format, image.width, image.height]), PAGE_SIZES.map((size) => ["png", size.width, size.height]));
    const [first, second, third] = images;
    near(first.pixel(100, 100), RED, "the red box");
    near(first.pixel(600, 450), BLUE, "the image");
    near(first.pixel(100, 500), WHITE, "the paper");
    near(second.pixel(300, 400), GREEN, "the ellipse's centre");
    near(second.pixel(110, 210), WHITE, "outside the ellipse");
    near(third.pixel(400, 300), BLUE, "the image filling page 3");
    const text = first.pixel; // the text box holds dark blue glyph pixels somewhere in its first line
    let inked = 0;
    for (let x = 420; x < 560; x++) for (let y = 30; y < 80; y++) if (text(x, y)[0] < 150) inked++;
    assert.ok(inked > 50, `the text is drawn (${inked} inked pixels)`);
  });

  test("png options: one side keeps the aspect, both are exact, pages pick, as_single_image stacks them", async () => {
    const wide = await succeeded({ type: "png", width: 400, pages: [1, 2] });
    const sizes = await Promise.all(wide.urls.map(async (url: string) => openedImage((await downloaded(t.http, url)).bytes)));
    assert.deepEqual(sizes.map((image) => [image.width, image.height]), [[400, 300], [400, 533]]);
    const exact = await succeeded({ type: "png", width: 300, height: 300, pages: [1], lossless: false });
    const square = await openedImage((await downloaded(t.http, exact.urls[0])).bytes);
    assert.deepEqual([square.width, square.height], [300, 300]);
    near(square.pixel(150, 10), WHITE, "the page fitted in, centred: white band above");
    near(square.pixel(50, 100), RED, "the red box, scaled");
    const single = await succeeded({ type: "png", as_single_image: true });
    assert.equal(single.urls.length, 1);
    const stacked = await openedImage((await downloaded(t.http, single.urls[0])).bytes);
    assert.deepEqual([stacked.width, stacked.height], [800, 600 + 800 + 600]);
    near(stacked.pixel(100, 100), RED, "page 1 on top");
    near(stacked.pixel(400, 1000), GREEN, "page 2 below it, centred");
    near(stacked.pixel(400, 1700), BLUE, "page 3 at the bottom");
  });

  test("jpg: one JPEG per page at the quality asked; quality changes the file", async () => {
    const low = await succeeded({ type: "jpg", quality: 10, height: 300, pages: [1] });
    const high = await succeeded({ type: "jpg", quality: 95, height: 300, pages: [1] });
    const [lowFile, highFile] = await Promise.all([downloaded(t.http, low.urls[0]), downloaded(t.http, high.urls[0])]);
    assert.equal(lowFile.contentType, "image/jpeg");
    const image = await openedImage(highFile.bytes);
    assert.deepEqual([image.format, image.width, image.height], ["jpeg", 400, 300]);
    near(image.pixel(50, 50), RED, "the red box", 20);
    assert.ok(highFile.bytes.length > lowFile.bytes.length * 1.5, `quality 95 (${highFile.bytes.length} B) is larger than quality 10 (${lowFile.bytes.length} B)`);
    const all = await succeeded({ type: "jpg", quality: 80 });
    assert.equal(all.urls.length, 3);
  });

  test("gif: one file, animated over the pages (2 s each) in the first page's frame", async () => {
    const job = await succeeded({ type: "gif" });
    assert.equal(job.urls.length, 1);
    const file = await downloaded(t.http, job.urls[0]);
    assert.equal(file.contentType, "image/gif");
    const image = await openedImage(file.bytes);
    assert.deepEqual([image.format, image.width, image.pages, image.delay], ["gif", 800, 3, [2000, 2000, 2000]]);
    near(image.pixel(100, 100), RED, "the first frame is page 1", 40);
    const still = await openedImage((await downloaded(t.http, (await succeeded({ type: "gif", width: 200, pages: [2] })).urls[0])).bytes);
    assert.deepEqual([still.width, still.height, still.pages], [200, 267, 1]);
  });

  test("pptx: one presentation, a slide per page showing it", async () => {
    const job = await succeeded({ type: "pptx" });
    assert.equal(job.urls.length, 1);
    const file = await downloaded(t.http, job.urls[0]);
    assert.equal(file.contentType, "application/vnd.openxmlformats-officedocument.presentationml.presentation");
    const presentation = openedPresentation(file.bytes);
    assert.equal(presentation.slides.length, 3);
    assert.deepEqual(presentation.size, { cx: 800 * 9525, cy: 600 * 9525 }, "the slide is the first page's size (96 px an inch)");
    for (const slide of presentation.slides) assert.match(slide, /<p:pic>/, "each slide holds its page's picture");
    assert.match(presentation.contentTypes, /presentationml\.slide\+xml/);
    const two = openedPresentation((await downloaded(t.http, (await succeeded({ type: "pptx", pages: [1, 3] })).urls[0])).bytes);
    assert.equal(two.slides.length, 2);
  });

  test("mp4: one H.264 video, 2 s a page, in the frame of the quality asked", async () => {
    const job = await succeeded({ type: "mp4", quality: "horizontal_480p" });
    assert.equal(job.urls.length, 1);
    const file = await downloaded(t.http, job.urls[0]);
    assert.equal(file.contentType, "video/mp4");
    const video = await openedVideo(file.bytes);
    assert.equal(video.tracks.length, 1);
    const [track] = video.tracks;
    assert.match(track.codec, /^avc1\./);
    assert.deepEqual([track.width, track.height, Math.round(track.seconds)], [854, 480, 6]);
    const vertical = await openedVideo((await downloaded(t.http, (await succeeded({ type: "mp4", quality: "vertical_480p", pages: [2] })).urls[0])).bytes);
    assert.deepEqual([vertical.tracks[0].width, vertical.tracks[0].height, Math.round(vertical.tracks[0].seconds)], [480, 854, 2]);
  });

  test("download URLs are signed, valid 24 hours, and refuse any change", async () => {
    const job = await succeeded({ type: "png", pages: [1] });
    const url = new URL(job.urls[0]);
    const expires = Number(url.searchParams.get("expires"));
    const inHours = (expires * 1000 - Date.now()) / 3_600_000;
    assert.ok(inHours > 23.9 && inHours <= 24, `expires in ${inHours} h`);
    const again = await t.http.get(`/v1/exports/${job.id}`, { token });
    assert.deepEqual(again.body.job.urls, job.urls, "every read hands out the same URLs (signed from when the export finished)");
    url.searchParams.set("signature", "0".repeat(64));
    assert.equal((await fetch(t.http.baseUrl + url.pathname + url.search)).status, 403);
  });
});
