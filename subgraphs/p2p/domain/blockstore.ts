import { BaseBlockstore } from "blockstore-core";
import { NotFoundError } from "interface-store";
import type { CID } from "multiformats/cid";
import type { PrismaClient } from "../../../lib/db/database.js";

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");

/**
 * The node's blocks, pinned in the database so they survive restarts and every process of the
 * deployment sees the same ones. Bitswap reads it to answer peers; the node writes it.
 */
export class DatabaseBlockstore extends BaseBlockstore {
  constructor(private readonly db: PrismaClient) {
    super();
  }

  /** Keeps `bytes` under `cid` (already computed from them); `createdById` is the user who added them, null for a block fetched from a peer. */
  async hold(cid: CID, bytes: Uint8Array, createdById: number | null): Promise<CID> {
    await this.db.p2pBlock.createMany({ data: [{ cid: cid.toString(), base64: toBase64(bytes), size: bytes.byteLength, createdById }], skipDuplicates: true });
    return cid;
  }

  override async put(cid: CID, bytes: Uint8Array): Promise<CID> {
    return this.hold(cid, bytes, null);
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
