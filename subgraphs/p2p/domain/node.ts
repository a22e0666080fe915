import { noise } from "@chainsafe/libp2p-noise";
import { yamux } from "@chainsafe/libp2p-yamux";
import { generateKeyPair, privateKeyFromProtobuf, privateKeyToProtobuf } from "@libp2p/crypto/keys";
import type { PrivateKey, Stream } from "@libp2p/interface";
import { tcp } from "@libp2p/tcp";
import { multiaddr, type Multiaddr } from "@multiformats/multiaddr";
import { createLibp2p, type Libp2p } from "libp2p";
import type { CID } from "multiformats/cid";
import type { PrismaClient } from "../../../lib/db/database.js";
import { GatewayTimeoutError, ServiceUnavailableError, ValidationError } from "../../../lib/errors.js";
import type { Logger } from "../../../lib/logger.js";
import { isPublicAddress } from "../../../lib/net/safe-fetch.js";
import type { P2pSettings } from "../settings.js";
import { matches } from "./content-id.js";

/** The node's block exchange: the asker sends a CID, the holder answers 1 + the block's bytes, or 0. */
export const BLOCK_PROTOCOL = "/platform/blocks/1.0.0";
const FOUND = 1;
const MISSING = 0;
/** The one key pair of this deployment's node. */
const IDENTITY = "default";

/** Multiaddress protocol codes that carry an IP address. */
const IP4 = 4;
const IP6 = 41;

export interface NodeHealth {
  status: string;
  peerId: string;
  connectedPeers: number;
  listenAddresses: string[];
  peers: string[];
}

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));

/** Reads a stream to its end, refusing more than `limit` bytes. */
async function readAll(stream: Stream, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of stream.source) {
    length += chunk.byteLength;
    if (length > limit) throw new Error(`more than ${limit} bytes`);
    chunks.push(chunk.subarray());
  }
  const all = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

/** Whether a multiaddress names a loopback, private or otherwise non-public IP address. */
function isPrivateAddress(address: Multiaddr): boolean {
  return address.stringTuples().some(([code, value]) => (code === IP4 || code === IP6) && value !== undefined && !isPublicAddress(value));
}

/**
 * The platform's libp2p node: TCP, noise, yamux; its key pair kept in the database (so its peer id
 * survives restarts); the blocks it holds in the database too, served to peers and fetched from them.
 */
export class P2pNode {
  private node?: Libp2p;

  constructor(
    private readonly db: PrismaClient,
    private readonly settings: P2pSettings,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    const { settings } = this;
    this.node = await createLibp2p({
      privateKey: await this.privateKey(),
      addresses: { listen: settings.listen },
      transports: [tcp()],
      connectionEncrypters: [noise()],
      streamMuxers: [yamux()],
      connectionManager: { maxConnections: settings.maxConnections, dialTimeout: settings.dialTimeoutMs },
      connectionGater: {
        // Also the addresses a DNS name resolved to, and dials the node makes by itself.
        denyDialMultiaddr: (address) => !settings.allowPrivate && isPrivateAddress(address),
      },
    });
    await this.node.handle(BLOCK_PROTOCOL, ({ stream }) => void this.serveBlock(stream), { maxInboundStreams: 32 });
    this.log.info({ peerId: this.node.peerId.toString(), listen: this.addresses() }, "p2p node started");
  }

  async stop(): Promise<void> {
    await this.node?.stop();
    this.node = undefined;
  }

  private running(): Libp2p {
    if (!this.node) throw new ServiceUnavailableError("The peer-to-peer node is not running");
    return this.node;
  }

  /** The node's key pair: created once, then read back at every start (every process of the deployment shares it). */
  private async privateKey(): Promise<PrivateKey> {
    const stored = await this.db.p2pIdentity.findUnique({ where: { name: IDENTITY } });
    if (stored) return privateKeyFromProtobuf(fromBase64(stored.privateKey));
    const created = await generateKeyPair("Ed25519");
    // Two processes starting at once: the first row stands and both use it.
    await this.db.p2pIdentity.createMany({ data: [{ name: IDENTITY, privateKey: toBase64(privateKeyToProtobuf(created)) }], skipDuplicates: true });
    const kept = await this.db.p2pIdentity.findUniqueOrThrow({ where: { name: IDENTITY } });
    return privateKeyFromProtobuf(fromBase64(kept.privateKey));
  }

  get peerId(): string {
    return this.running().peerId.toString();
  }

  /** Where peers reach this node, each with its `/p2p/<peer id>`. */
  addresses(): string[] {
    return this.running()
      .getMultiaddrs()
      .map((address) => address.toString());
  }

  peers(): string[] {
    return this.running()
      .getPeers()
      .map((peer) => peer.toString());
  }

  health(): NodeHealth {
    if (!this.node) return { status: "stopped", peerId: "", connectedPeers: 0, listenAddresses: [], peers: [] };
    const peers = this.peers();
    return { status: "ok", peerId: this.peerId, connectedPeers: peers.length, listenAddresses: this.addresses(), peers };
  }

  /** Dials `text` within the dial bound (`beforeDial` runs once the address is found dialable): 400 for what is no dialable address, 504 for a peer that did not answer. */
  async connect(text: string, beforeDial: () => Promise<void> = async () => undefined): Promise<{ status: "connected"; peerId: string }> {
    const node = this.running();
    let address: Multiaddr;
    try {
      address = multiaddr(text.trim());
      address.stringTuples();
    } catch {
      throw new ValidationError("peerAddr", "Not a valid multiaddress");
    }
    if (text.trim() === "" || address.protoCodes().length === 0) throw new ValidationError("peerAddr", "Not a valid multiaddress");
    if (!this.settings.allowPrivate && isPrivateAddress(address)) {
      throw new ValidationError("peerAddr", "Dials to loopback and private addresses are refused");
    }
    if (address.getPeerId() === this.peerId) throw new ValidationError("peerAddr", "That is this node's own address");
    await beforeDial();
    const timeoutMs = this.settings.dialTimeoutMs;
    const signal = AbortSignal.timeout(timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    try {
      // The signal bounds the dial; the timer answers even if a transport ignored it.
      const connection = await Promise.race([
        node.dial(address, { signal }),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error("dial timed out")), timeoutMs + 500);
        }),
      ]);
      return { status: "connected", peerId: connection.remotePeer.toString() };
    } catch (error) {
      const name = (error as Error).name;
      if (name === "DialDeniedError") throw new ValidationError("peerAddr", "Dials to loopback and private addresses are refused");
      if (name === "NoValidAddressesError" || name === "InvalidMultiaddrError" || name === "InvalidParametersError" || name === "InvalidPeerIdError") {
        throw new ValidationError("peerAddr", "No dialable TCP address in the multiaddress");
      }
      this.log.info({ err: error, peerAddr: text }, "p2p dial failed");
      throw new GatewayTimeoutError(`The peer could not be reached within ${timeoutMs} ms`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Holds `bytes` under `cid` (already computed from them); kept across restarts. */
  async hold(cid: CID, bytes: Uint8Array, createdById: number | null): Promise<void> {
    await this.db.p2pBlock.createMany({ data: [{ cid: cid.toString(), base64: toBase64(bytes), size: bytes.byteLength, createdById }], skipDuplicates: true });
  }

  /** The size of a block held here, or null. */
  async sizeHeld(cid: CID): Promise<number | null> {
    const row = await this.db.p2pBlock.findUnique({ where: { cid: cid.toString() }, select: { size: true } });
    return row?.size ?? null;
  }

  /** The block's bytes: held here, or asked of every connected peer within the fetch bound (verified, then held); null when nobody had it. */
  async fetch(cid: CID): Promise<Uint8Array | null> {
    const held = await this.db.p2pBlock.findUnique({ where: { cid: cid.toString() } });
    if (held) return fromBase64(held.base64);
    const node = this.running();
    const peers = node.getPeers();
    if (peers.length === 0) return null;
    const done = new AbortController();
    const signal = AbortSignal.any([AbortSignal.timeout(this.settings.fetchTimeoutMs), done.signal]);
    const bound = new Promise<never>((_resolve, reject) => signal.addEventListener("abort", () => reject(new Error("fetch timed out")), { once: true }));
    bound.catch(() => undefined);
    try {
      const bytes = await Promise.race([Promise.any(peers.map((peer) => this.ask(node, peer, cid, signal))), bound]);
      await this.hold(cid, bytes, null);
      return bytes;
    } catch {
      return null;
    } finally {
      done.abort();
    }
  }

  private async ask(node: Libp2p, peer: Parameters<Libp2p["dialProtocol"]>[0], cid: CID, signal: AbortSignal): Promise<Uint8Array> {
    const stream = await node.dialProtocol(peer, BLOCK_PROTOCOL, { signal });
    const stop = () => stream.abort(new Error("fetch ended"));
    signal.addEventListener("abort", stop, { once: true });
    try {
      await stream.sink([new TextEncoder().encode(cid.toString())]);
      const answer = await readAll(stream, this.settings.contentMaxBytes + 1);
      if (answer[0] !== FOUND) throw new Error("the peer does not hold it");
      const bytes = answer.subarray(1);
      if (!(await matches(cid, bytes))) throw new Error("the peer sent bytes that are not the CID's");
      return bytes;
    } finally {
      signal.removeEventListener("abort", stop);
    }
  }

  /** Answers one peer's request for a block. */
  private async serveBlock(stream: Stream): Promise<void> {
    try {
      const request = new TextDecoder().decode(await readAll(stream, 256));
      const row = await this.db.p2pBlock.findUnique({ where: { cid: request.trim() } });
      await stream.sink(row ? [Uint8Array.of(FOUND), fromBase64(row.base64)] : [Uint8Array.of(MISSING)]);
    } catch (error) {
      stream.abort(error as Error);
    }
  }
}
