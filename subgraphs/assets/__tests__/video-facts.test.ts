// @tier unit
// @own-process: measures this process's memory, which files run before it in a shared process would change
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { openedVideo } from "../../../testing/exports.js";
import { MIB, peakGrowth } from "../../../testing/memory.js";
import { encodedMp4, isoBox, largeSizeBox, videoContainer, videoHeader, type ContainerShape } from "../../../testing/videos.js";
import { videoFacts, type VideoLimits } from "../domain/video-facts.js";

const LIMITS: VideoLimits = { maxSeconds: 3600, maxHeaderBytes: 64 * 1024 };
let folder: string;
let files = 0;

before(async () => (folder = await mkdtemp(path.join(os.tmpdir(), "video-facts-"))));
after(() => rm(folder, { recursive: true, force: true }));

/** The facts of `bytes` written to a file, as the import reads a stored upload. */
async function factsOf(bytes: Buffer, limits = LIMITS) {
  const file = path.join(folder, `video-${++files}.mp4`);
  await writeFile(file, bytes);
  return videoFacts(file, bytes.length, limits);
}

async function refused(bytes: Buffer, message: RegExp, limits = LIMITS): Promise<void> {
  await assert.rejects(factsOf(bytes, limits), (error: Error & { code?: string }) => {
    assert.equal(error.code, "import_failed");
    assert.match(error.message, message);
    return true;
  });
}

const shape = (changes: Partial<ContainerShape> = {}): ContainerShape => ({ width: 640, height: 360, durationMs: 12_345, ...changes });

describe("a video's dimensions and duration from its header", () => {
  test("a real H.264 MP4: the same size and duration an MP4 parser reads", async () => {
    const video = await encodedMp4(64, 48, 30, 10);
    const facts = await factsOf(video);
    const [track] = (await openedVideo(video)).tracks;
    assert.deepEqual([facts.width, facts.height], [track.width, track.height]);
    assert.deepEqual([facts.width, facts.height], [64, 48]);
    assert.ok(Math.abs(facts.durationMs - track.seconds * 1000) <= 1, `${facts.durationMs} ms, the parser ${track.seconds} s`);
    assert.ok(Math.abs(facts.durationMs - 3000) <= 100, `${facts.durationMs} ms for 30 frames at 10 per second`);
  });

  test("a header after the media data (not fast-started) is found; a quarter-turned track reports its upright size; sound tracks are fine", async () => {
    const header = videoHeader(shape({ quarterTurn: true, extraTracks: 2 }));
    const media = isoBox("mdat", Buffer.alloc(200_000, 1));
    const ftypLength = header.readUInt32BE(0);
    const moovLast = Buffer.concat([header.subarray(0, ftypLength), media, header.subarray(ftypLength)]);
    assert.deepEqual(await factsOf(moovLast), { width: 360, height: 640, durationMs: 12_345 });
  });

  test("each budget refuses before anything past it is read", async () => {
    await refused(videoContainer(shape({ headerPadding: 128 * 1024 })), /header is larger than the 65536 byte limit \(ASSET_VIDEO_MAX_HEADER_BYTES\)/);
    await refused(videoContainer(shape({ extraTracks: 32 })), /more than 32 tracks/);
    await refused(videoContainer(shape({ samples: 0xffffffff })), /declares more than 5000000 samples/);
    await refused(videoContainer(shape({ durationMs: 3601 * 1000 })), /longer than the 3600 second limit \(ASSET_VIDEO_MAX_SECONDS\)/);
    await refused(videoContainer(shape({ width: 20_000 })), /outside 1 to 16384 a side/);
    const manyBoxes = Buffer.concat([...Array.from({ length: 2000 }, () => isoBox("free")), videoContainer(shape())]);
    await refused(manyBoxes, /more than 1024 top-level boxes/);
  });

  test("sizes that do not fit the file, cut or missing headers, and headers without a video track are unreadable", async () => {
    const ftyp = isoBox("ftyp", Buffer.from("isom\0\0\0\0isom", "latin1"));
    await refused(Buffer.concat([ftyp, largeSizeBox("mdat", 1n << 62n), Buffer.alloc(64)]), /could not be read/);
    const hugeMoov = isoBox("moov", Buffer.alloc(64));
    hugeMoov.writeUInt32BE(0xfffffff0);
    await refused(Buffer.concat([ftyp, hugeMoov]), /could not be read/);
    const whole = videoContainer(shape(), 0);
    await refused(whole.subarray(0, whole.length - 100), /could not be read/);
    await refused(Buffer.concat([ftyp, isoBox("mdat", Buffer.alloc(100))]), /could not be read/);
    await refused(Buffer.concat([ftyp, isoBox("moov", isoBox("free", Buffer.alloc(10)))]), /no video track/);
  });

  test("hostile declarations cost no memory, even with a header budget of 8 GiB: a 2^62-byte box, a 4 GiB header, 4 billion samples", async () => {
    const ftyp = isoBox("ftyp", Buffer.from("isom\0\0\0\0isom", "latin1"));
    const hugeMoov = isoBox("moov", Buffer.alloc(64));
    hugeMoov.writeUInt32BE(0xfffffff0);
    const bombs = [
      Buffer.concat([ftyp, largeSizeBox("moov", 1n << 62n), Buffer.alloc(64)]),
      Buffer.concat([ftyp, hugeMoov]),
      videoContainer(shape({ samples: 0xffffffff, extraTracks: 31 })),
    ];
    const growth = await peakGrowth(async () => {
      for (let round = 0; round < 20; round++) for (const bomb of bombs) await factsOf(bomb, { maxSeconds: 3600, maxHeaderBytes: 8192 * MIB }).catch(() => undefined);
    });
    console.log(`resident memory grew by ${(growth / MIB).toFixed(1)} MiB over 60 hostile headers`);
    assert.ok(growth < 16 * MIB, `memory grew by ${(growth / MIB).toFixed(1)} MiB`);
  });
});
