import assert from "node:assert/strict";
import { noise } from "@chainsafe/libp2p-noise";
import { yamux } from "@chainsafe/libp2p-yamux";
import { createBitswap, type Bitswap, type BitswapComponents } from "@helia/bitswap";
import { identify } from "@libp2p/identify";
import { tcp } from "@libp2p/tcp";
import { webSockets } from "@libp2p/websockets";
import { createLibp2p, type Libp2p } from "libp2p";
import { CID } from "multiformats/cid";
import { NO_ROUTING } from "../domain/node.js";
import * as raw from "multiformats/codecs/raw";
import { sha256 } from "multiformats/hashes/sha2";
import type { HttpClient } from "../../../testing/http.js";

export const api = (path: string) => `/api/ipfs${path}`;

/** The CID of `bytes` recomputed here: CIDv1, raw, sha2-256. */
export async function expectedCid(bytes: Uint8Array): Promise<string> {
  return CID.createV1(raw.code, await sha256.digest(bytes)).toString();
}

/** POSTs bytes to `/content` (octet-stream). */
export function addBytes(http: HttpClient, bytes: Uint8Array, token?: string, prefix = "") {
  return http.post(`${prefix}/content`, bytes, { token, headers: { "content-type": "application/octet-stream" } });
}

/** GETs the raw bytes of `/content/{cid}`, with the time it took. */
export async function getBytes(baseUrl: string, cid: string, prefix = ""): Promise<{ status: number; bytes: Uint8Array; ms: number; type: string | null }> {
  const started = Date.now();
  const response = await fetch(`${baseUrl}${prefix}/content/${cid}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, bytes, ms: Date.now() - started, type: response.headers.get("content-type") };
}

/** Polls until `check` passes or `timeoutMs` runs out (then fails with its last error). */
export async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export function randomBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7919 + size) % 251;
  return bytes;
}

export function assertCidShape(cid: string): void {
  assert.match(cid, /^bafkrei[a-z2-7]{52}$/, "CIDv1, raw codec, sha2-256, base32");
}

/** A peer outside the platform speaking standard bitswap (libp2p + @helia/bitswap) over `blockstore`. */
export async function startBitswapPeer(blockstore: BitswapComponents["blockstore"]): Promise<{ libp2p: Libp2p; bitswap: Bitswap; stop: () => Promise<void> }> {
  const libp2p = await createLibp2p({
    addresses: { listen: ["/ip4/127.0.0.1/tcp/0"] },
    transports: [tcp(), webSockets()],
    connectionEncrypters: [noise()],
    streamMuxers: [yamux()],
    services: { identify: identify() },
  });
  const bitswap = createBitswap({ libp2p, blockstore, routing: NO_ROUTING, logger: libp2p.logger });
  await bitswap.start();
  return {
    libp2p,
    bitswap,
    stop: async () => {
      await bitswap.stop();
      await libp2p.stop();
    },
  };
}
