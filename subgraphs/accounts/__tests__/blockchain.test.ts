// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Siwe } from "ox";
import { newWallet, registerAndLogin, signChallenge } from "../../../testing/accounts.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
before(async () => {
  t = await startTestPlatform({ SIGN_IN_DOMAIN: "platform.test", SIGN_IN_URI: "https://platform.test" }, ["accounts"]);
  await registerAndLogin(t.http); // the initial SUPERUSER
});
after(() => t.stop());

const registerBlockchain = (body: unknown) => t.http.post("/api/auth/register-blockchain", body);
const loginBlockchain = (body: unknown) => t.http.post("/api/auth/login-blockchain", body);
const userCount = () => t.platform.runtime.db.prisma.user.count();

describe("blockchain identities (EIP-4361 message, EIP-191 signature)", () => {
  test("the challenge is an EIP-4361 message for the address with a fresh nonce", async () => {
    const wallet = newWallet();
    const response = await t.http.post("/api/auth/blockchain-challenge", { address: wallet.address.toLowerCase() });
    assert.equal(response.status, 201);
    const parsed = Siwe.parseMessage(response.body.message);
    assert.equal(parsed.address, wallet.address);
    assert.equal(parsed.domain, "platform.test");
    assert.equal(parsed.nonce, response.body.nonce);
    assert.ok(new Date(response.body.expiresAt).getTime() > Date.now());
    const other = await t.http.post("/api/auth/blockchain-challenge", { address: wallet.address });
    assert.notEqual(other.body.nonce, response.body.nonce);
  });

  test("register, then log in with a new signature; the token carries the user", async () => {
    const wallet = newWallet();
    const registered = await registerBlockchain({ ...(await signChallenge(t.http, wallet)), name: "Wally" });
    assert.equal(registered.status, 201);
    assert.equal(registered.body.message, "User registered successfully");
    const login = await loginBlockchain(await signChallenge(t.http, wallet));
    assert.equal(login.status, 200);
    const profile = await t.http.get("/api/auth/profile", { token: login.body.token });
    assert.equal(profile.body.id, registered.body.userId);
    assert.equal(profile.body.email, null);
    const identities = await t.http.get("/api/auth/identities", { token: login.body.token });
    assert.equal(identities.body[0].type, "blockchain_address");
    assert.equal(identities.body[0].identifier, wallet.address);
  });

  test("a captured signature cannot be replayed", async () => {
    const wallet = newWallet();
    await registerBlockchain({ ...(await signChallenge(t.http, wallet)), name: "Replay" });
    const signed = await signChallenge(t.http, wallet);
    assert.equal((await loginBlockchain(signed)).status, 200);
    const replay = await loginBlockchain(signed);
    assert.equal(replay.status, 401);
    assert.match(replay.body.error, /already used or expired/);
  });

  test("concurrent logins with one signature: exactly one succeeds", async () => {
    const wallet = newWallet();
    await registerBlockchain({ ...(await signChallenge(t.http, wallet)), name: "Race" });
    const signed = await signChallenge(t.http, wallet);
    const results = await Promise.all(Array.from({ length: 4 }, () => loginBlockchain(signed)));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 401, 401, 401]);
  });

  test("an expired challenge is refused", async () => {
    const wallet = newWallet();
    const signed = await signChallenge(t.http, wallet);
    await t.platform.runtime.db.prisma.blockchainNonce.updateMany({
      where: { address: wallet.address },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const before = await userCount();
    const response = await registerBlockchain({ ...signed, name: "Late" });
    assert.equal(response.status, 401);
    assert.equal(await userCount(), before);
  });

  test("a signature by another wallet is refused and leaves the challenge usable", async () => {
    const wallet = newWallet();
    const signed = await signChallenge(t.http, wallet);
    const forged = await newWallet().signMessage({ message: signed.message });
    const refused = await registerBlockchain({ ...signed, signature: forged, name: "Forger" });
    assert.equal(refused.status, 401);
    assert.deepEqual(refused.body, { error: "Signature does not match the address" });
    assert.equal((await registerBlockchain({ ...signed, name: "Owner" })).status, 201);
  });

  test("a message not issued by the server, or edited, is refused", async () => {
    const wallet = newWallet();
    const signed = await signChallenge(t.http, wallet);
    const edited = signed.message.replace("Sign in with", "Sign into");
    const response = await registerBlockchain({ ...signed, message: edited, signature: await wallet.signMessage({ message: edited }), name: "E" });
    assert.equal(response.status, 401);
    const homemade = "I am who I say I am";
    const own = await registerBlockchain({ address: wallet.address, message: homemade, signature: await wallet.signMessage({ message: homemade }), name: "H" });
    assert.equal(own.status, 401);
  });

  test("a challenge for one address cannot register another", async () => {
    const wallet = newWallet();
    const other = newWallet();
    const signed = await signChallenge(t.http, wallet);
    const response = await registerBlockchain({
      address: other.address,
      message: signed.message,
      signature: await other.signMessage({ message: signed.message }),
      name: "Other",
    });
    assert.equal(response.status, 401);
  });

  test("an address already registered is a 409", async () => {
    const wallet = newWallet();
    await registerBlockchain({ ...(await signChallenge(t.http, wallet)), name: "First" });
    const again = await registerBlockchain({ ...(await signChallenge(t.http, wallet)), name: "Second" });
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, { error: "Blockchain address already registered" });
  });

  test("logging in with an unregistered address is a 401", async () => {
    const response = await loginBlockchain(await signChallenge(t.http, newWallet()));
    assert.equal(response.status, 401);
    assert.deepEqual(response.body, { error: "Blockchain address is not registered" });
  });

  test("malformed address and signature are 400 { field, message }", async () => {
    const badAddress = await t.http.post("/api/auth/blockchain-challenge", { address: "0x123" });
    assert.equal(badAddress.status, 400);
    assert.equal(badAddress.body.field, "address");
    const wallet = newWallet();
    const signed = await signChallenge(t.http, wallet);
    const badSignature = await registerBlockchain({ ...signed, signature: "0xdead", name: "S" });
    assert.equal(badSignature.status, 400);
    assert.deepEqual(badSignature.body, { field: "signature", message: "signature must be a 65-byte hex string starting with 0x" });
    const missing = await registerBlockchain({ address: wallet.address, name: "M" });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.field, "signature");
  });
});
