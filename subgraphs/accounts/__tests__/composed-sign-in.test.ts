// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Siwe } from "ox";
import { newWallet, registerAndLogin, type Wallet } from "../../../testing/accounts.js";
import { startTestPlatform, type TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
before(async () => {
  t = await startTestPlatform(
    { SIGN_IN_DOMAIN: "platform.test", SIGN_IN_URI: "https://platform.test", ADDRESS_CREDENTIAL_CHECKS_PER_MINUTE: "500" },
    ["accounts"],
  );
  await registerAndLogin(t.http); // the initial SUPERUSER
});
after(() => t.stop());

const MINUTE = 60_000;
/** An EIP-4361 message the wallet's app writes itself, with no challenge asked of the server. */
function composed(wallet: Wallet, fields: Partial<Siwe.Message> = {}): string {
  return Siwe.createMessage({
    address: wallet.address,
    chainId: 1,
    domain: "platform.test",
    uri: "https://platform.test/login",
    version: "1",
    nonce: Siwe.generateNonce(),
    issuedAt: new Date(),
    ...fields,
  });
}
async function signed(wallet: Wallet, fields: Partial<Siwe.Message> = {}) {
  const message = composed(wallet, fields);
  return { address: wallet.address, message, signature: await wallet.signMessage({ message }) };
}
const login = (body: unknown) => t.http.post("/api/auth/login-blockchain", body);
const register = (body: object) => t.http.post("/api/auth/register-blockchain", { ...body, name: "Self-signed" });
const db = () => t.platform.runtime.db.prisma;
async function registered(): Promise<Wallet> {
  const wallet = newWallet();
  const response = await register(await signed(wallet));
  assert.equal(response.status, 201, response.text);
  return wallet;
}

describe("wallet sign-in with a message the wallet's app composed itself", () => {
  test("registering and signing in work without a challenge; the token is the user's", async () => {
    const wallet = newWallet();
    const created = await register(await signed(wallet));
    assert.deepEqual([created.status, created.body.message], [201, "User registered successfully"]);
    const response = await login(await signed(wallet));
    assert.equal(response.status, 200, response.text);
    const profile = await t.http.get("/api/auth/profile", { token: response.body.token });
    assert.equal(profile.body.id, created.body.userId);
  });

  test("the same message again is refused: its nonce is spent until the message would have expired", async () => {
    const wallet = await registered();
    const message = await signed(wallet);
    assert.equal((await login(message)).status, 200);
    const replay = await login(message);
    assert.equal(replay.status, 401);
    const spent = await db().blockchainNonce.findUniqueOrThrow({ where: { nonce: Siwe.parseMessage(message.message).nonce! } });
    assert.ok(spent.usedAt && spent.expiresAt.getTime() > Date.now() && spent.expiresAt.getTime() <= Date.now() + 5 * MINUTE);
  });

  test("two identical requests at once: exactly one succeeds", async () => {
    const wallet = await registered();
    const message = await signed(wallet);
    const results = await Promise.all(Array.from({ length: 4 }, () => login(message)));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 401, 401, 401]);
  });

  test("refused, with the reason, and nothing created: another domain, stale, future, expired", async () => {
    const cases: [Partial<Siwe.Message>, RegExp][] = [
      [{ domain: "evil.test" }, /another domain than platform\.test/],
      [{ issuedAt: new Date(Date.now() - 6 * MINUTE) }, /issued more than 300 seconds ago/],
      [{ issuedAt: new Date(Date.now() + 2 * MINUTE) }, /issued in the future/],
      [{ expirationTime: new Date(Date.now() - 1000) }, /expired/],
      [{ notBefore: new Date(Date.now() + 2 * MINUTE) }, /not valid yet/],
    ];
    for (const [fields, reason] of cases) {
      const users = await db().user.count();
      const nonces = await db().blockchainNonce.count();
      const response = await register(await signed(newWallet(), fields));
      assert.equal(response.status, 401, JSON.stringify(fields));
      assert.match(response.body.error, reason);
      assert.deepEqual([await db().user.count(), await db().blockchainNonce.count()], [users, nonces], "nothing written");
    }
  });

  test("a signature by another wallet is refused and leaves the nonce unspent", async () => {
    const wallet = await registered();
    const message = await signed(wallet);
    const forged = await newWallet().signMessage({ message: message.message });
    const refused = await login({ ...message, signature: forged });
    assert.deepEqual([refused.status, refused.body], [401, { error: "Signature does not match the address" }]);
    assert.equal((await login(message)).status, 200);
  });

  test("a message for one address cannot sign in another", async () => {
    const wallet = await registered();
    const intruder = newWallet();
    const message = composed(wallet);
    const response = await login({ address: intruder.address, message, signature: await intruder.signMessage({ message }) });
    assert.equal(response.status, 401);
    assert.match(response.body.error, /another address/);
  });

  test("GraphQL's loginWithBlockchain takes a composed message too", async () => {
    const wallet = await registered();
    const response = await t.http.graphql(`mutation($input: LoginBlockchainInput!) { loginWithBlockchain(input: $input) { token } }`, {
      input: await signed(wallet),
    });
    assert.equal(typeof response.body.data?.loginWithBlockchain.token, "string");
  });
});
