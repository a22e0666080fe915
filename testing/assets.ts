import sharp from "sharp";
import { crc32, deflateSync } from "node:zlib";
import { videoContainer } from "./videos.js";
import type { HttpClient, HttpResponse } from "./http.js";
import { startWithPeople, type People, type Person } from "./people.js";
import { DESIGN_DOMAINS, type TestDomains, type TestPlatform } from "./platform.js";
import { approvedIntegration, obtainTokens, type Integration } from "./oauth.js";

export const ASSET_SCOPES = "asset:read asset:write";

/** A design-platform access token of `person` for `client`, or for a new approved integration of the cast. */
export async function designToken(http: HttpClient, people: People, person: Person, scope = ASSET_SCOPES, client?: Integration): Promise<string> {
  const integration = client ?? (await approvedIntegration(http, people, `${ASSET_SCOPES} openid profile:read`));
  return (await obtainTokens(http, integration, person, scope)).access_token;
}

/** A real PNG of the given size (decoded by the platform for dimensions and a thumbnail). */
export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
}

export const base64Name = (name: string) => Buffer.from(name, "utf8").toString("base64");

/** POST /v1/asset-uploads as a generated client sends it. */
export function postUpload(
  http: HttpClient,
  token: string | undefined,
  bytes: Buffer | string,
  headers: Record<string, string> = {},
  path = "/v1/asset-uploads",
): Promise<HttpResponse> {
  return http.request("POST", path, { token, body: bytes, headers: { "content-type": "application/octet-stream", ...headers } });
}

/** Polls a job's GET path until it is `success` or `failed` (the documented client loop, backing off from 100 ms to a second). */
export async function finishedJob(http: HttpClient, path: string, token: string, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 100; ; delay = Math.min(1000, delay * 1.5)) {
    const response = await http.get(path, { token });
    if (response.status === 200 && response.body.job.status !== "in_progress") return response.body.job;
    if (Date.now() > deadline) throw new Error(`job still in progress: ${response.text}`);
    if (response.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get("retry-after")) * 1000));
      continue;
    }
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${response.text}`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** A signed URL the platform issued, on the test platform's real port (its public URL says port 0). */
export function onPlatform(http: HttpClient, signedUrl: string): URL {
  const url = new URL(signedUrl);
  return new URL(`${url.pathname}${url.search}`, http.baseUrl);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A decompression bomb: a valid black one-bit PNG of `width` × `height` pixels whose rows compress to
 * a few kilobytes (15000 × 15000 is about 27 KB on the wire and 225 MB once decoded).
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, colour type 0 (grey), deflate, no filter method, no interlace
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * An MP4 file of `size` bytes (at least its header's): a 320 × 240, 2 s video's header, then media data
 * running to the end of the file (whatever bytes follow it, as a streamed body puts them).
 */
export function mp4(size: number): Buffer {
  const head = videoContainer({ width: 320, height: 240, durationMs: 2000 }, 0);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);
}

export interface AssetPlatform {
  t: TestPlatform;
  p: People;
  /** The client's token with both asset scopes. */
  token: string;
  /** Another user's token with both asset scopes. */
  otherToken: string;
  /** The client's token with `asset:read` only. */
  readOnly: string;
}

/** A platform with its cast and the design tokens the asset tests use. */
export async function startAssetPlatform(env?: Record<string, string>, domains: TestDomains = DESIGN_DOMAINS): Promise<AssetPlatform> {
  const { t, p } = await startWithPeople(env, domains);
  return {
    t,
    p,
    token: await designToken(t.http, p, p.client),
    otherToken: await designToken(t.http, p, p.otherClient),
    readOnly: await designToken(t.http, p, p.client, "asset:read"),
  };
}
