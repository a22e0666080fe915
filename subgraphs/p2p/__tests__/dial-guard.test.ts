// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { multiaddr } from "@multiformats/multiaddr";
import { dialRefusal, PRIVATE_REFUSED, type NameResolver } from "../domain/dial-guard.js";

const PEER_A = "12D3KooWJZaWTubLYEWxmrtqju9uPw9CCsrShab39fAo2pg3KJeK";
const PEER_B = "QmNnooDu7bfjPFoTZYxMNLWUQJyrVwtbZg5gBMjTezGAJN";

/** A resolver answering from tables: names to addresses (by family), `_dnsaddr.` names to TXT records. */
function resolver(names: Record<string, string[]>, records: Record<string, string[]> = {}): NameResolver & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async lookup(name, family) {
      asked.push(name);
      return (names[name] ?? []).filter((address) => family === 0 || (family === 4) === !address.includes(":"));
    },
    async txt(name) {
      asked.push(name);
      if (!(name in records)) throw Object.assign(new Error("queryTxt ENOTFOUND"), { code: "ENOTFOUND" });
      return records[name];
    },
  };
}

const NAMES = {
  localhost: ["127.0.0.1", "::1"],
  "public.example": ["93.184.216.34", "2606:2800:220:1::1"],
  "mixed.example": ["93.184.216.34", "10.0.0.7"],
  "metadata.example": ["169.254.169.254"],
  "mapped.example": ["::ffff:7f00:1"],
};
const RECORDS = {
  "_dnsaddr.localhost": ["dnsaddr=/ip4/127.0.0.1/tcp/4001"],
  "_dnsaddr.public.example": [`dnsaddr=/ip4/93.184.216.34/tcp/4001/p2p/${PEER_A}`, `"dnsaddr=/dns4/public.example/tcp/4002/ws/p2p/${PEER_A}"`],
  "_dnsaddr.mixed.example": ["dnsaddr=/ip4/93.184.216.34/tcp/4001", "dnsaddr=/dns4/localhost/tcp/4001"],
  "_dnsaddr.nested.example": ["dnsaddr=/dnsaddr/inner.example"],
  "_dnsaddr.inner.example": ["dnsaddr=/dns6/localhost/tcp/4001"],
  "_dnsaddr.two-peers.example": [`dnsaddr=/ip4/127.0.0.1/tcp/4001/p2p/${PEER_B}`, `dnsaddr=/ip4/93.184.216.34/tcp/4001/p2p/${PEER_A}`],
  "_dnsaddr.socket.example": ["dnsaddr=/unix/tmp%2Fnode.sock"],
  "_dnsaddr.loop.example": ["dnsaddr=/dnsaddr/loop.example"],
  "_dnsaddr.empty.example": ["not-a-dnsaddr-record", "dnsaddr=not a multiaddress"],
};

const production = (names: NameResolver = resolver(NAMES, RECORDS)) => ({ allowPrivate: false, timeoutMs: 1_000, resolver: names });
const refusal = (text: string, rules = production()) => dialRefusal(multiaddr(text), rules);

describe("the p2p dial guard in production (private dials not allowed)", () => {
  test("loopback, private, link-local, unique-local, mapped and unspecified IPs are refused", async () => {
    for (const address of [
      "/ip4/127.0.0.1/tcp/4001",
      "/ip4/0.0.0.0/tcp/4001",
      "/ip4/10.1.2.3/tcp/4001",
      "/ip4/169.254.169.254/tcp/80",
      "/ip6/::1/tcp/4001",
      "/ip6/::/tcp/4001",
      "/ip6/fe80::1/tcp/4001",
      "/ip6/fd00::1/tcp/4001",
      "/ip6/::ffff:127.0.0.1/tcp/4001",
      "/ip6/::ffff:7f00:1/tcp/4001",
      "/ip6/::ffff:10.0.0.1/tcp/4001/ws",
    ]) {
      assert.equal(await refusal(address), PRIVATE_REFUSED, address);
    }
  });

  test("names are resolved before the dial: any loopback or private answer refuses it", async () => {
    for (const address of [
      "/dns4/localhost/tcp/4001",
      "/dns6/localhost/tcp/4001",
      "/dns/localhost/tcp/4002/ws",
      "/dns4/mixed.example/tcp/4001",
      "/dns/metadata.example/tcp/80",
      "/dns/mapped.example/tcp/4001",
      "/ip4/93.184.216.34/tcp/443/tls/sni/localhost/ws",
    ]) {
      assert.equal(await refusal(address), PRIVATE_REFUSED, address);
    }
    assert.equal(await refusal("/dns4/nowhere.invalid/tcp/4001"), "A name in the multiaddress does not resolve");
  });

  test("/dnsaddr is followed through its TXT records to every address it lists, recursively", async () => {
    for (const address of ["/dnsaddr/localhost", "/dnsaddr/mixed.example", "/dnsaddr/nested.example", `/dnsaddr/two-peers.example/p2p/${PEER_B}`]) {
      assert.equal(await refusal(address), PRIVATE_REFUSED, address);
    }
    assert.equal(await refusal("/dnsaddr/socket.example"), "Dials to Unix sockets are refused");
    assert.equal(await refusal("/dnsaddr/nowhere.invalid"), "A name in the multiaddress does not resolve");
    assert.equal(await refusal("/dnsaddr/empty.example"), "A /dnsaddr name in the multiaddress lists no address");
    assert.match((await refusal("/dnsaddr/loop.example")) ?? "", /nest deeper than/);
    // Only the records of the peer asked for count, as libp2p dials only those.
    assert.equal(await refusal(`/dnsaddr/two-peers.example/p2p/${PEER_A}`), null);
  });

  test("Unix sockets are refused", async () => {
    assert.equal(await refusal("/unix/tmp%2Fnode.sock"), "Dials to Unix sockets are refused");
  });

  test("public addresses and names resolving only to public ones may be dialed", async () => {
    for (const address of ["/ip4/8.8.8.8/tcp/4001", "/ip6/2606:4700:4700::1111/tcp/4001/ws", "/dns4/public.example/tcp/4001", "/dns/public.example/tcp/443/wss", "/dnsaddr/public.example", `/ip4/93.184.216.34/tcp/4001/p2p/${PEER_A}`]) {
      assert.equal(await refusal(address), null, address);
    }
  });

  test("a resolver that never answers: refused within the bound", async () => {
    const silent: NameResolver = { lookup: () => new Promise(() => undefined), txt: () => new Promise(() => undefined) };
    const started = Date.now();
    assert.equal(await refusal("/dns4/slow.example/tcp/4001", { allowPrivate: false, timeoutMs: 200, resolver: silent }), "The multiaddress's names did not resolve within 200 ms");
    assert.ok(Date.now() - started < 1_000);
  });
});

describe("the p2p dial guard with private dials allowed (development)", () => {
  test("loopback addresses and names pass without lookups; Unix sockets stay refused", async () => {
    const names = resolver(NAMES, RECORDS);
    const rules = { allowPrivate: true, timeoutMs: 1_000, resolver: names };
    for (const address of ["/ip4/127.0.0.1/tcp/4001", "/dns4/localhost/tcp/4001", "/dnsaddr/localhost"]) assert.equal(await refusal(address, rules), null, address);
    assert.deepEqual(names.asked, []);
    assert.equal(await refusal("/unix/tmp%2Fnode.sock", rules), "Dials to Unix sockets are refused");
  });
});
