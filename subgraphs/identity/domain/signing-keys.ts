import { randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { KeyStore } from "../../../lib/auth/verification-keys.js";
import type { KeyPurpose, SigningKey } from "../../../generated/prisma/client.js";
import { seal, unseal } from "../../../lib/crypto/sealed.js";

/** The longest any token signed with a key lives: a retired key stays published this long. */
export const LONGEST_TOKEN_LIFETIME_MS = 4 * 60 * 60 * 1000;

const ALGORITHM: Record<KeyPurpose, "RS256" | "EdDSA"> = { oidc: "RS256", webhook: "EdDSA", app: "RS256" };

function scope(purpose: KeyPurpose, appId: string | null) {
  return { purpose, appId };
}

async function createKey(store: KeyStore, purpose: KeyPurpose, appId: string | null): Promise<SigningKey> {
  const alg = ALGORITHM[purpose];
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true, ...(alg === "EdDSA" ? { crv: "Ed25519" } : { modulusLength: 2048 }) });
  const kid = `${purpose}-${randomBytes(9).toString("base64url")}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: "sig" };
  const privateJwk = seal(JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg }), store.sealingKey);
  return store.db.signingKey.create({ data: { kid, purpose, appId, alg, publicJwk, privateJwk } });
}

/** The key that signs now for this purpose (and integration), made on first use. */
export async function currentKey(store: KeyStore, purpose: KeyPurpose, appId: string | null = null): Promise<SigningKey> {
  const active = await store.db.signingKey.findFirst({
    where: { ...scope(purpose, appId), retiredAt: null },
    orderBy: { createdAt: "desc" },
  });
  return active ?? createKey(store, purpose, appId);
}

/**
 * Makes a new key the signing key and retires the previous one, which stays published until every
 * token it signed has expired.
 */
export async function rotateKey(store: KeyStore, purpose: KeyPurpose, appId: string | null = null): Promise<SigningKey> {
  // The new key exists before the old ones retire: a signer never finds no key (and makes one of its own) meanwhile.
  const created = await createKey(store, purpose, appId);
  const now = new Date();
  await store.db.signingKey.updateMany({
    where: { ...scope(purpose, appId), retiredAt: null, kid: { not: created.kid } },
    data: { retiredAt: now, publishedUntil: new Date(now.getTime() + LONGEST_TOKEN_LIFETIME_MS) },
  });
  return created;
}

/** The public keys verifiers need now: the signing key and retired keys whose tokens may still be valid. */
export async function publishedKeys(store: KeyStore, purpose: KeyPurpose, appId: string | null = null): Promise<JWK[]> {
  await currentKey(store, purpose, appId);
  const keys = await store.db.signingKey.findMany({
    where: { ...scope(purpose, appId), OR: [{ retiredAt: null }, { publishedUntil: { gt: new Date() } }] },
    orderBy: { createdAt: "desc" },
  });
  return keys.map((key) => key.publicJwk as JWK);
}

/** The private key to sign with, and its `kid` and `alg` for the JWT header. */
export async function signingMaterial(store: KeyStore, purpose: KeyPurpose, appId: string | null = null) {
  const key = await currentKey(store, purpose, appId);
  const jwk = JSON.parse(unseal(key.privateJwk, store.sealingKey)) as JWK;
  return { kid: key.kid, alg: key.alg, privateKey: await importJWK(jwk, key.alg) };
}
