import { CID } from "multiformats/cid";
import * as raw from "multiformats/codecs/raw";
import { sha256 } from "multiformats/hashes/sha2";
import { equals } from "multiformats/bytes";
import { ValidationError } from "../../../lib/errors.js";

/** The CID of `bytes` as this node adds them: CIDv1, raw codec, sha2-256 (base32 `bafkrei…`). */
export async function cidOf(bytes: Uint8Array): Promise<CID> {
  return CID.createV1(raw.code, await sha256.digest(bytes));
}

/** A CID given by a caller: parsed, and hashed with sha2-256 (the only hash this node verifies); else 400. */
export function parseCid(text: string, field = "cid"): CID {
  let cid: CID;
  try {
    cid = CID.parse(text.trim());
  } catch {
    throw new ValidationError(field, "Not a valid CID");
  }
  if (cid.multihash.code !== sha256.code) throw new ValidationError(field, "Only sha2-256 CIDs are supported");
  return cid;
}

/** Whether `bytes` are what `cid` names (their sha2-256 digest is the CID's). */
export async function matches(cid: CID, bytes: Uint8Array): Promise<boolean> {
  return equals((await sha256.digest(bytes)).digest, cid.multihash.digest);
}
