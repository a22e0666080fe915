// @tier unit
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
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
