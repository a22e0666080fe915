// @tier unit
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import { SignJWT } from "jose";
import { BusinessTokenService } from "../auth/business-token.js";

const options = { secret: randomBytes(32).toString("hex"), issuer: "platform", audience: "business" };
const user = { id: 7, email: "ana@example.com", name: "Ana", roles: ["STAFF"] as const };

describe("business tokens checked once, then remembered until they expire", () => {
  test("a token checked again answers the same principal; a copy, so one request cannot change another's", async () => {
    const tokens = new BusinessTokenService(options);
    const token = await tokens.issue(user);
    const first = await tokens.verify(token);
    const again = await tokens.verify(token);
    assert.deepEqual(again, first);
    assert.equal(typeof again === "object" && again.userId, 7);
    if (typeof first === "object") first.roles.push("ADMIN");
    assert.deepEqual(typeof again === "object" && again.roles, ["STAFF"]);
    const later = await tokens.verify(token);
    assert.deepEqual(typeof later === "object" && later.roles, ["STAFF"]);
  });

  test("a remembered token is refused as expired the second its lifetime ends", async () => {
    let now = Math.floor(Date.now() / 1000);
    const tokens = new BusinessTokenService({ ...options, now: () => now });
    const token = await tokens.issue(user);
    assert.equal(typeof (await tokens.verify(token)), "object");
    now += 24 * 60 * 60 - 1;
    assert.equal(typeof (await tokens.verify(token)), "object", "one second before expiry");
    now += 1;
    assert.equal(await tokens.verify(token), "expired");
    assert.equal(await tokens.verify(token), "expired", "and stays refused");
  });

  test("a token differing from a remembered one by a single character is checked in full and refused", async () => {
    const tokens = new BusinessTokenService(options);
    const token = await tokens.issue(user);
    assert.equal(typeof (await tokens.verify(token)), "object");
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const promoted = Buffer.from(JSON.stringify({ ...claims, roles: ["SUPERUSER"] })).toString("base64url");
    assert.equal(await tokens.verify(`${header}.${promoted}.${signature}`), "invalid");
    const flipped = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + signature.at(-1);
    assert.equal(await tokens.verify(`${header}.${payload}.${flipped}`), "invalid");
  });

  test("a token signed under another secret is refused, even after the right one was remembered", async () => {
    const ours = new BusinessTokenService(options);
    const theirs = new BusinessTokenService({ ...options, secret: randomBytes(32).toString("hex") });
    assert.equal(typeof (await ours.verify(await ours.issue(user))), "object");
    assert.equal(await ours.verify(await theirs.issue(user)), "invalid");
  });
});

describe("tokens of the business platform's own auth service (no iss, no aud)", () => {
  /** As the old service minted them: HS256, the seed's claims, 24 hours from `iat`. */
  const minted = (iat: number, claims: Record<string, unknown> = {}, secret = options.secret) =>
    new SignJWT({ user_id: 7, userId: 7, email: "ana@example.com", roles: ["SUPERUSER"], iat, exp: iat + 24 * 3600, ...claims })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(secret));

  test("accepted as the user it names, legacy, with no roles of its own (the stored ones are read per request)", async () => {
    const now = Math.floor(Date.now() / 1000);
    const tokens = new BusinessTokenService(options);
    assert.deepEqual(await tokens.verify(await minted(now)), { kind: "business", userId: 7, email: "ana@example.com", name: null, roles: [], legacy: true });
  });

  test("until the setting's instant: a remembered token is refused from that second on", async () => {
    let now = 1_900_000_000;
    const tokens = new BusinessTokenService({ ...options, now: () => now, legacyAcceptedUntil: now + 60 });
    const token = await minted(now);
    assert.equal(typeof (await tokens.verify(token)), "object");
    now += 59;
    assert.equal(typeof (await tokens.verify(token)), "object", "a second before");
    now += 1;
    assert.equal(await tokens.verify(token), "invalid", "remembered, and refused all the same");
    assert.equal(await tokens.verify(await minted(now)), "invalid", "and a fresh one");
    assert.equal(typeof (await tokens.verify(await tokens.issue(user))), "object", "the platform's own tokens are not concerned");
  });

  test("off: never accepted", async () => {
    const tokens = new BusinessTokenService({ ...options, legacyAcceptedUntil: -Infinity });
    assert.equal(await tokens.verify(await minted(Math.floor(Date.now() / 1000))), "invalid");
  });

  test("a lifetime the old service never gave, ids that disagree, another secret: invalid; past exp: expired", async () => {
    let now = 1_900_000_000;
    const tokens = new BusinessTokenService({ ...options, now: () => now });
    assert.equal(await tokens.verify(await minted(now, { exp: now + 24 * 3600 + 1 })), "invalid");
    assert.equal(await tokens.verify(await minted(now + 3600, { iat: undefined })), "invalid", "no iat and 25 hours left");
    assert.equal(typeof (await tokens.verify(await minted(now + 60))), "object", "an old service's clock a minute ahead");
    assert.equal(await tokens.verify(await minted(now, { userId: 8 })), "invalid");
    assert.equal(await tokens.verify(await minted(now, { user_id: 7.5, userId: undefined })), "invalid");
    assert.equal(await tokens.verify(await minted(now, {}, randomBytes(32).toString("hex"))), "invalid");
    const token = await minted(now);
    now += 24 * 3600;
    assert.equal(await tokens.verify(token), "expired");
  });
});
