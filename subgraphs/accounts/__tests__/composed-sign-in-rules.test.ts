// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Siwe } from "ox";
import { newWallet } from "../../../testing/accounts.js";
import { CLOCK_SKEW_MS, checkComposedMessage } from "../domain/composed-sign-in.js";

const wallet = newWallet();
const now = new Date("2027-01-13T10:00:00.000Z");
const signIn = { domain: "platform.test", uri: "https://platform.test", chainId: 1, nonceTtlSeconds: 300, chainIdRequired: true };
const fields = (changes: Partial<Siwe.Message> = {}) =>
  Siwe.parseMessage(
    Siwe.createMessage({ address: wallet.address, chainId: 1, domain: "platform.test", uri: "https://platform.test", version: "1", nonce: "abcd1234", issuedAt: now, ...changes }),
  );
const refused = (reason: RegExp) => (error: Error & { extensions?: { code?: string } }) => error.extensions?.code === "UNAUTHENTICATED" && reason.test(error.message);

describe("what a composed sign-in message must say (no HTTP)", () => {
  test("accepted: its nonce is kept until the lifetime ends, or the message's own expiry when sooner", () => {
    assert.equal(checkComposedMessage(fields(), wallet.address, signIn, now).getTime(), now.getTime() + 300_000);
    const soon = new Date(now.getTime() + 60_000);
    assert.equal(checkComposedMessage(fields({ expirationTime: soon }), wallet.address, signIn, now).getTime(), soon.getTime());
    assert.ok(checkComposedMessage(fields({ issuedAt: new Date(now.getTime() + CLOCK_SKEW_MS) }), wallet.address, signIn, now));
  });

  test("the chain is checked only when one is configured", () => {
    assert.throws(() => checkComposedMessage(fields({ chainId: 137 }), wallet.address, signIn, now), refused(/another chain than 1/));
    assert.ok(checkComposedMessage(fields({ chainId: 137 }), wallet.address, { ...signIn, chainIdRequired: false }, now));
  });

  test("the domain is compared without case; the nonce must be 8 to 128 letters and digits", () => {
    assert.ok(checkComposedMessage(fields({ domain: "Platform.Test" }), wallet.address, signIn, now));
    assert.ok(checkComposedMessage({ ...fields(), nonce: Siwe.generateNonce() }, wallet.address, signIn, now), "ox's own nonces (96 characters)");
    const longNonce = { ...fields(), nonce: "a".repeat(129) };
    assert.throws(() => checkComposedMessage({ ...fields(), nonce: "abc-1234" }, wallet.address, signIn, now), refused(/nonce must be/));
    assert.throws(() => checkComposedMessage(longNonce, wallet.address, signIn, now), refused(/nonce must be 8 to 128/));
  });

  test("edges of time: just past the lifetime, just beyond the skew", () => {
    const stale = fields({ issuedAt: new Date(now.getTime() - 300_000) });
    assert.throws(() => checkComposedMessage(stale, wallet.address, signIn, now), refused(/issued more than 300 seconds ago/));
    const ahead = fields({ issuedAt: new Date(now.getTime() + CLOCK_SKEW_MS + 1) });
    assert.throws(() => checkComposedMessage(ahead, wallet.address, signIn, now), refused(/in the future/));
    assert.throws(() => checkComposedMessage({ ...fields(), issuedAt: undefined }, wallet.address, signIn, now), refused(/no valid Issued At/));
    assert.throws(() => checkComposedMessage({ ...fields(), version: undefined }, wallet.address, signIn, now), refused(/not an EIP-4361 message/));
  });
});
