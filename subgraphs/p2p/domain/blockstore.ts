import { BaseBlockstore } from "blockstore-core";
import { NotFoundError } from "interface-store";
import type { CID } from "multiformats/cid";
import type { PrismaClient } from "../../../lib/db/database.js";

/** The advisory lock one user's pins take turns on (with the user's id as its second key). */
const PIN_LOCK = 0x2e_9b10;

/** Whether an add was kept; when not, how much its user already keeps. */
export type PinResult = { kept: true } | { kept: false; usedBytes: number };

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");

/**
 * The node's blocks, pinned in the database so they survive restarts and every process of the
 * deployment sees the same ones. Bitswap reads it to answer peers; only users' adds write it.
 */
export class DatabaseBlockstore extends BaseBlockstore {
  private readonly db: PrismaClient;

  constructor(db: PrismaClient) {
    super();
    this.db = db;
  }

  /**
   * Keeps `bytes` under `cid` (already computed from them) for the user who added them, unless what that user
   * keeps would pass `quotaBytes`: then nothing is written and the answer says how much they keep. Content
   * already held here costs nothing. Bitswap never writes here: blocks come in only this way.
   */
  async pin(cid: CID, bytes: Uint8Array, createdById: number, quotaBytes: number): Promise<PinResult> {
    const key = cid.toString();
    // One user's pins take turns (a lock held until commit), so parallel ones cannot pass the quota together.
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${PIN_LOCK}::int, ${createdById}::int)`;
      if (await tx.p2pBlock.findUnique({ where: { cid: key }, select: { size: true } })) return { kept: true as const };
      const usedBytes = (await tx.p2pBlock.aggregate({ where: { createdById }, _sum: { size: true } }))._sum.size ?? 0;
      if (usedBytes + bytes.byteLength > quotaBytes) return { kept: false as const, usedBytes };
      await tx.p2pBlock.createMany({ data: [{ cid: key, base64: toBase64(bytes), size: bytes.byteLength, createdById }], skipDuplicates: true });
      return { kept: true as const };
    });
  }

  override async has(cid: CID): Promise<boolean> {
    return (await this.size(cid)) !== null;
  }

  /** The size of a block held here, or null. */
  async size(cid: CID): Promise<number | null> {
    const row = await this.db.p2pBlock.findUnique({ where: { cid: cid.toString() }, select: { size: true } });
    return row?.size ?? null;
  }

  /** The block's bytes; NotFoundError (what bitswap expects) when it is not held here. */
  override async get(cid: CID): Promise<Uint8Array> {
    const row = await this.db.p2pBlock.findUnique({ where: { cid: cid.toString() }, select: { base64: true } });
    if (!row) throw new NotFoundError(`Not held here: ${cid.toString()}`);
    return new Uint8Array(Buffer.from(row.base64, "base64"));
  }

  override async delete(cid: CID): Promise<void> {
    await this.db.p2pBlock.deleteMany({ where: { cid: cid.toString() } });
  }
}
