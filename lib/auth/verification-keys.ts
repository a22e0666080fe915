import type { TokenRevocation } from "./token-revocations.js";
import { importJWK, type JWK } from "jose";
import type { KeyPurpose, PrismaClient } from "../../generated/prisma/client.js";

/** The deployment's signing keys, as far as verifying needs them: where they are, who issues, how private halves are sealed. */
export interface KeyStore {
  db: PrismaClient;
  /** Key that seals private keys at rest. */
  sealingKey: Buffer;
  /** The issuer (`iss`) of every token signed here: the deployment's public URL. */
  issuer: string;
  /** Tells every process that tokens were revoked (after the revocation is committed). */
  announceRevocation?: (revocation: TokenRevocation) => Promise<void>;
}

/** How long a verification key read by its `kid` is kept in memory. */
const VERIFICATION_KEY_CACHE_MS = 60_000;
const verificationKeys = new WeakMap<PrismaClient, Map<string, { key: Awaited<ReturnType<typeof importJWK>>; until: number }>>();

/**
 * The public key a token names by `kid`, if it is a published key of `purpose`. A key's public half
 * never changes and a retired key stays valid for as long as its tokens live, so it is kept a minute.
 */
export async function verificationKey(store: KeyStore, purpose: KeyPurpose, kid: string | undefined) {
  if (!kid) return undefined;
  const cache = verificationKeys.get(store.db) ?? new Map();
  verificationKeys.set(store.db, cache);
  const cached = cache.get(kid);
  if (cached && cached.until > Date.now()) return cached.key;
  const row = await store.db.signingKey.findUnique({ where: { kid } });
  if (!row || row.purpose !== purpose || (row.retiredAt && (!row.publishedUntil || row.publishedUntil <= new Date()))) return undefined;
  const key = await importJWK(row.publicJwk as JWK, row.alg);
  cache.set(kid, { key, until: Date.now() + VERIFICATION_KEY_CACHE_MS });
  return key;
}
