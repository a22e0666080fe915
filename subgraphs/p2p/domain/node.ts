import { noise } from "@chainsafe/libp2p-noise";
import { yamux } from "@chainsafe/libp2p-yamux";
import { generateKeyPair, privateKeyFromProtobuf, privateKeyToProtobuf } from "@libp2p/crypto/keys";
import { createBitswap, type Bitswap, type BitswapComponents } from "@helia/bitswap";
import type { PrivateKey } from "@libp2p/interface";
import { identify } from "@libp2p/identify";
import { tcp } from "@libp2p/tcp";
import { webSockets } from "@libp2p/websockets";
import { multiaddr, type Multiaddr } from "@multiformats/multiaddr";
import { createLibp2p, type Libp2p } from "libp2p";
import type { CID } from "multiformats/cid";
import type { PrismaClient } from "../../../lib/db/database.js";
import { GatewayTimeoutError, ServiceUnavailableError, ValidationError } from "../../../lib/errors.js";
import type { Logger } from "../../../lib/logger.js";
import { FetchRefusedError, guardedLookup } from "../../../lib/net/safe-fetch.js";
import type { P2pSettings } from "../settings.js";
import { DatabaseBlockstore, type PinResult } from "./blockstore.js";
import { matches } from "./content-id.js";
import { dialRefusal, PRIVATE_REFUSED, type DialRules, type NameResolver } from "./dial-guard.js";

/** The one key pair of this deployment's node. */
const IDENTITY = "default";

export interface NodeHealth {
  status: string;
  peerId: string;
  connectedPeers: number;
  listenAddresses: string[];
  peers: string[];
}

type TcpDialOptions = NonNullable<Parameters<typeof tcp>[0]>["dialOpts"];
type WebSocketClientOptions = NonNullable<Parameters<typeof webSockets>[0]>["websocket"];

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));

/**
 * The platform's libp2p node: TCP and WebSockets, noise, yamux; its key pair kept in the database (so its peer id
 * survives restarts); the blocks it holds in the database too, exchanged with peers over bitswap.
 */
export class P2pNode {
  private node?: Libp2p;
  private bitswap?: Bitswap;
  private readonly blocks: DatabaseBlockstore;
  private readonly dialRules: DialRules;

  private readonly db: PrismaClient;
  private readonly settings: P2pSettings;
  private readonly log: Logger;

  constructor(
    db: PrismaClient,
    settings: P2pSettings,
    log: Logger,
    /** How names in multiaddresses are looked up before a dial (the system's resolver unless a test gives one). */
    resolver?: NameResolver,
  ) {
    this.db = db;
    this.settings = settings;
    this.log = log;
    this.blocks = new DatabaseBlockstore(db);
    this.dialRules = { allowPrivate: settings.allowPrivate, timeoutMs: settings.dialTimeoutMs, resolver };
  }

  async start(): Promise<void> {
    const { settings, dialRules } = this;
    // The transports look names up again when they connect: the addresses they connect to are checked there (no DNS rebinding).
    const lookup = guardedLookup(settings.allowPrivate);
    this.node = await createLibp2p({
      privateKey: await this.privateKey(),
      addresses: { listen: settings.listen },
      transports: [tcp({ dialOpts: { lookup } as TcpDialOptions }), webSockets({ websocket: { lookup } as WebSocketClientOptions })],
      connectionEncrypters: [noise()],
      streamMuxers: [yamux()],
      // Identify tells each side which protocols the other speaks (bitswap learns its peers from it).
      services: { identify: identify() },
      connectionManager: { maxConnections: settings.maxConnections, dialTimeout: settings.dialTimeoutMs },
      connectionGater: {
        // Every address libp2p dials: given to connect, listed by /dnsaddr records, learned from peers (identify).
        denyDialMultiaddr: async (address) => (await dialRefusal(address, dialRules)) !== null,
      },
    });
    // Bitswap asks the peers it is connected to; it finds no others (no DHT: the node joins no public network by itself).
    // A message carries at most one block of ours plus its framing.
    const messageBytes = settings.contentMaxBytes + 64 * 1024;
    this.bitswap = createBitswap(
      { libp2p: this.node, blockstore: this.blocks, routing: NO_ROUTING, logger: this.node.logger },
      { maxInboundStreams: 32, maxIncomingMessageSize: messageBytes, maxOutgoingMessageSize: messageBytes },
    );
    await this.bitswap.start();
    this.log.info({ peerId: this.node.peerId.toString(), listen: this.addresses() }, "p2p node started");
  }

  async stop(): Promise<void> {
    await this.bitswap?.stop();
    await this.node?.stop();
    this.bitswap = undefined;
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

  /** Dials `text` within the dial bound (`beforeDial` runs once the address parses, before any name lookup): 400 for what is no dialable address, 504 for a peer that did not answer. */
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
    if (address.getPeerId() === this.peerId) throw new ValidationError("peerAddr", "That is this node's own address");
    // Checking an address may cost name lookups: a refused dial spends the caller's budget too.
    await beforeDial();
    const refused = await dialRefusal(address, this.dialRules);
    if (refused) throw new ValidationError("peerAddr", refused);
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
      if (name === "DialDeniedError" || error instanceof FetchRefusedError) throw new ValidationError("peerAddr", PRIVATE_REFUSED);
      if (name === "NoValidAddressesError" || name === "InvalidMultiaddrError" || name === "InvalidParametersError" || name === "InvalidPeerIdError") {
        throw new ValidationError("peerAddr", "No dialable TCP address in the multiaddress");
      }
      this.log.info({ err: error, peerAddr: text }, "p2p dial failed");
      throw new GatewayTimeoutError(`The peer could not be reached within ${timeoutMs} ms`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Pins `bytes` under `cid` (already computed from them) for the user adding them, within their quota, kept across restarts, and gives them to peers waiting for them. */
  async pin(cid: CID, bytes: Uint8Array, createdById: number): Promise<PinResult> {
    const pinned = await this.blocks.pin(cid, bytes, createdById, this.settings.pinQuotaBytes);
    if (pinned.kept) await this.bitswap?.notify(cid, bytes).catch((error) => this.log.warn({ err: error, cid: cid.toString() }, "p2p notify failed"));
    return pinned;
  }

  /** The size of a block held here, or null. */
  async sizeHeld(cid: CID): Promise<number | null> {
    return this.blocks.size(cid);
  }

  /** The block's bytes: held here, or wanted from the connected peers over bitswap within the fetch bound (verified; given to the reader, not kept); null when nobody had it. */
  async fetch(cid: CID): Promise<Uint8Array | null> {
    if (await this.blocks.has(cid)) return this.blocks.get(cid);
    const node = this.running();
    if (node.getPeers().length === 0 || !this.bitswap) return null;
    try {
      const bytes = await this.bitswap.want(cid, { signal: AbortSignal.timeout(this.settings.fetchTimeoutMs) });
      // Bitswap checks the hash too; a block is served only when it is the CID's.
      if (bytes.byteLength > this.settings.contentMaxBytes || !(await matches(cid, bytes))) return null;
      return bytes;
    } catch (error) {
      this.log.debug({ err: error, cid: cid.toString() }, "p2p want ended without the block");
      return null;
    }
  }
}

/** A routing that knows no providers: wants go to connected peers only. */
export const NO_ROUTING: BitswapComponents["routing"] = {
  async provide() {},
  async cancelReprovide() {},
  async *findProviders() {},
  async put() {},
  async get() {
    throw new Error("No routing");
  },
  async findPeer() {
    throw new Error("No routing");
  },
  async *getClosestPeers() {},
};
