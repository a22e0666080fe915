import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { seal, unseal } from "../../../lib/crypto/sealed.js";
import { BadRequestError, ConflictError, UnauthenticatedError } from "../../../lib/errors.js";
import type { Logger } from "../../../lib/logger.js";
import type { Limiter } from "../../../lib/rate-limit.js";
import { lockUser } from "./prisma-errors.js";
import { validateId } from "./validation.js";

/** How verification links are made: their lifetime, where they point, the key their tokens are sealed under. */
export interface EmailVerificationSettings {
  ttlSeconds: number;
  /** The public confirmation URL (`PUBLIC_URL` + `/api/auth/verify-email`); the token goes in its `token` parameter. */
  linkBase: string;
  sealingKey: Buffer;
}

export interface EmailVerificationDeps {
  db: PrismaClient;
  log: Logger;
  /** Links requested per user. */
  requests: Limiter;
  settings: EmailVerificationSettings;
}

/** 256 random bits, base64url: exactly 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const SPENT_LINKS_KEPT_MS = 24 * 60 * 60 * 1000;

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

/** Why a link verifies nothing: said in the message and in `extensions.reason`. */
const refusals = {
  invalid: () => new BadRequestError("Verification link is invalid (or a newer one replaced it)", { reason: "invalid" }),
  expired: () => new BadRequestError("Verification link has expired: request a new one", { reason: "expired" }),
  used: () => new ConflictError("Verification link was already used", { reason: "used" }),
  emailChanged: () => new ConflictError("Verification link was issued for an email the account no longer has", { reason: "email_changed" }),
};

export function verificationLink(settings: EmailVerificationSettings, token: string): string {
  const url = new URL(settings.linkBase);
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * Makes a single-use link that verifies the user's current email, replacing any earlier pending one.
 * Only the token's hash finds it; the token itself is kept sealed for the ADMIN read-out. With no
 * mail transport, the link is written to the log.
 */
export async function requestEmailVerification(deps: EmailVerificationDeps, userId: number): Promise<{ email: string; expiresAt: Date }> {
  await deps.requests.consume(`user:${userId}`);
  const user = await deps.db.user.findUnique({ where: { id: userId } });
  if (!user) throw new UnauthenticatedError("User no longer exists");
  if (!user.email) throw new BadRequestError("The account has no email to verify");
  if (user.emailVerifiedAt) throw new ConflictError("The email is already verified");
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const expiresAt = new Date(now + deps.settings.ttlSeconds * 1000);
  await deps.db.$transaction([
    deps.db.emailVerification.deleteMany({
      where: { OR: [{ userId, usedAt: null }, { expiresAt: { lt: new Date(now - SPENT_LINKS_KEPT_MS) } }] },
    }),
    deps.db.emailVerification.create({
      data: { tokenHash: sha256(token), userId, email: user.email, sealedToken: seal(token, deps.settings.sealingKey), expiresAt },
    }),
  ]);
  deps.log.info(
    { userId, email: user.email, link: verificationLink(deps.settings, token), expiresAt },
    "email verification link (no mail transport: ADMINs read it with pendingEmailVerification)",
  );
  return { email: user.email, expiresAt };
}

/**
 * Confirms a link: once, before it expires, and only while the user's email is still the one it was
 * issued for. Consuming it and marking the email verified happen in one transaction, so of two
 * confirmations racing exactly one succeeds; a refused link changes nothing.
 */
export async function confirmEmailVerification(db: PrismaClient, rawToken: string): Promise<string> {
  const token = rawToken.trim();
  if (!TOKEN.test(token)) throw refusals.invalid();
  const tokenHash = sha256(token);
  return db.$transaction(async (tx) => {
    const link = await tx.emailVerification.findUnique({ where: { tokenHash } });
    if (!link || !timingSafeEqual(Buffer.from(link.tokenHash, "hex"), Buffer.from(tokenHash, "hex"))) throw refusals.invalid();
    const now = new Date();
    if (link.usedAt) throw refusals.used();
    if (link.expiresAt <= now) throw refusals.expired();
    if (!(await lockUser(tx, link.userId))) throw refusals.invalid();
    const user = await tx.user.findUniqueOrThrow({ where: { id: link.userId } });
    if (user.email !== link.email) throw refusals.emailChanged();
    const consumed = await tx.emailVerification.updateMany({ where: { tokenHash, usedAt: null }, data: { usedAt: now } });
    if (consumed.count !== 1) throw refusals.used();
    await tx.user.update({ where: { id: user.id }, data: { emailVerifiedAt: now } });
    return link.email;
  });
}

/** The user's newest link that is neither used nor expired, as sent (for ADMINs: there is no mail transport). */
export async function pendingEmailVerification(db: PrismaClient, settings: EmailVerificationSettings, userId: number) {
  validateId(userId, "userId");
  const pending = await db.emailVerification.findFirst({
    where: { userId, usedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
  });
  if (!pending) return null;
  const link = verificationLink(settings, unseal(pending.sealedToken, settings.sealingKey));
  return { userId, email: pending.email, link, expiresAt: pending.expiresAt };
}
