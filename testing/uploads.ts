import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { base64Name, finishedJob, mp4 } from "./assets.js";
import type { TestPlatform } from "./platform.js";
const MIB = 1024 * 1024;

/** `total` bytes made as they are sent: one 1 MiB chunk reused (starting with `head`), so the sender holds no more than that. */
export function generatedBody(total: number, head?: Buffer): ReadableStream<Uint8Array> {
  const chunk = randomBytes(MIB);
  head?.copy(chunk);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(MIB, total - sent);
      sent += size;
      controller.enqueue(chunk.subarray(0, size));
    },
  });
}

/**
 * A sender who goes away: sends the headers and 1 MiB chunks (as fast as they are taken) until
 * `until` holds, then drops the connection in the middle of the body.
 */
export async function sendThenVanish(url: URL, method: string, headers: Record<string, string>, until: () => Promise<boolean>): Promise<void> {
  const request = http.request(url, { method, headers });
  request.on("error", () => undefined);
  const chunk = randomBytes(MIB);
  const deadline = Date.now() + 10_000;
  try {
    do {
      if (Date.now() > deadline) throw new Error(`${method} ${url.pathname}: the upload never got as far as the test needs`);
      if (request.writableNeedDrain) await new Promise((resolve) => setTimeout(resolve, 20));
      else request.write(chunk);
    } while (!(await until()));
  } finally {
    request.destroy();
  }
}

/** A video of `size` bytes made as it is sent, through POST /v1/asset-uploads, and its finished job. */
export async function uploadVideo(t: TestPlatform, token: string, name: string, size: number): Promise<any> {
  const response = await fetch(`${t.http.baseUrl}/v1/asset-uploads`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", "asset-upload-metadata": JSON.stringify({ name_base64: base64Name(name) }) },
    body: generatedBody(size, mp4(0)),
    duplex: "half",
  } as RequestInit);
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  return finishedJob(t.http, `/v1/asset-uploads/${body.job.id}`, token, 60_000);
}
