import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import { NotFoundError, PayloadTooLargeError, ValidationError } from "../../../lib/errors.js";
import type { P2pContext } from "../context.js";
import { cidOf, parseCid } from "./content-id.js";

export interface ContentModel {
  cid: string;
  size: number;
  url: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function model(ctx: P2pContext, cid: string, size: number): ContentModel {
  return { cid, size, url: `${ctx.publicUrl}/api/ipfs/content/${cid}` };
}

/** Adds bytes (base64) as a raw block: a signed-in user only, within the size limit and their quota; the same bytes give the same CID. */
export async function addContent(ctx: P2pContext, base64: string): Promise<ContentModel> {
  const caller = requirePrincipal(ctx.auth);
  const limit = ctx.settings.contentMaxBytes;
  if (base64.length > Math.ceil(limit / 3) * 4 + 4) throw new PayloadTooLargeError(`Content is limited to ${limit} bytes`);
  if (!BASE64.test(base64) || base64.length % 4 === 1) throw new ValidationError("base64", "Not base64");
  const bytes = new Uint8Array(Buffer.from(base64, "base64"));
  if (bytes.byteLength === 0) throw new ValidationError("content", "Content is empty");
  if (bytes.byteLength > limit) throw new PayloadTooLargeError(`Content is limited to ${limit} bytes`);
  const cid = await cidOf(bytes);
  const pinned = await ctx.node.pin(cid, bytes, caller.userId);
  if (!pinned.kept) {
    const quota = ctx.settings.pinQuotaBytes;
    throw new PayloadTooLargeError(`Your content would pass your quota of ${quota} bytes (you keep ${pinned.usedBytes})`, { quotaBytes: quota, usedBytes: pinned.usedBytes });
  }
  return model(ctx, cid.toString(), bytes.byteLength);
}

/** Content held here under `cid`, or null (no fetching from peers: a field of a listing must not wait on them). */
export async function heldContent(ctx: P2pContext, text: string, field = "cid"): Promise<ContentModel | null> {
  const cid = parseCid(text, field);
  const size = await ctx.node.sizeHeld(cid);
  return size === null ? null : model(ctx, cid.toString(), size);
}

/** A CID field of another domain's entity: null when empty, malformed or not held here. */
export async function contentOfField(ctx: P2pContext, text: string | null | undefined): Promise<ContentModel | null> {
  if (!text) return null;
  try {
    return await heldContent(ctx, text);
  } catch (error) {
    if (error instanceof ValidationError) return null;
    throw error;
  }
}

/** The bytes under `cid`, from here or from connected peers; 404 when nobody had them within the fetch bound. */
export async function contentData(ctx: P2pContext, text: string): Promise<{ cid: string; size: number; base64: string }> {
  const cid = parseCid(text);
  const bytes = await ctx.node.fetch(cid);
  if (!bytes) throw new NotFoundError("No connected node holds content under this CID");
  return { cid: cid.toString(), size: bytes.byteLength, base64: Buffer.from(bytes).toString("base64") };
}
