// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Client } from "graphql-ws";
import { ASSET_SCOPES } from "../../testing/assets.js";
import { designAndAssetToken, DESIGN_SCOPES, startDesignPlatform, type DesignPlatform } from "../../testing/designs.js";
import { approvedIntegration, basic, oauthPost, obtainTokens } from "../../testing/oauth.js";
import { HttpClient } from "../../testing/http.js";
import { follow, wsClient } from "../../testing/subscriptions.js";
import { createJobRow } from "../../lib/jobs/engine.js";
import { ASSET_UPLOAD } from "../../subgraphs/assets/domain/upload-jobs.js";
import type { OperationBody, SubgraphRequest } from "../../lib/graphql/subgraph-server.js";

// Issue #48, "bounded content": what a caller may make the gateway run, and for whom.

let s: DesignPlatform;
const clients: Client[] = [];
before(async () => (s = await startDesignPlatform({ JOB_WORKERS: "0" })));
after(async () => {
  for (const client of clients) await client.dispose();
  await s.t.stop();
});

const aliased = (count: number, field: string) => Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(" ");
const codes = (errors: readonly { extensions?: { code?: unknown } }[] | undefined) => (errors ?? []).map((error) => error.extensions?.code);

/**
 * The operations reaching one subgraph of the platform (served in process), and a way to hold the
 * answer of the next one matching a pattern after the subgraph answered it: a slow subgraph, its
 * fetch left in flight at the gateway.
 */
function watchSubgraph(name: string) {
  const subgraph = s.t.platform.subgraphs[name];
  const original = subgraph.executeInProcess;
  const seen: { query: string; subscriptionEvent: boolean }[] = [];
  let holding: { pattern: RegExp; answered: () => void; released: Promise<void> } | undefined;
  subgraph.executeInProcess = async (body: OperationBody, request: SubgraphRequest) => {
    seen.push({ query: body.query, subscriptionEvent: request.subscriptionEvent });
    const answer = await original(body, request);
    const hold = holding;
    if (hold?.pattern.test(body.query)) {
      holding = undefined;
      hold.answered();
      await hold.released;
    }
    return answer;
  };
  return {
    seen,
    /** Holds the next answer matching `pattern`: `answered` resolves once the subgraph answered it (the caller was checked). */
    holdNext(pattern: RegExp) {
      let answered!: () => void;
      let release!: () => void;
      const isAnswered = new Promise<void>((resolve) => (answered = resolve));
      holding = { pattern, answered, released: new Promise<void>((resolve) => (release = resolve)) };
      return { answered: isAnswered, release };
    },
    /** Resolves once `count` operations reached the subgraph, or after `ms` whatever reached it. */
    async reached(count: number, ms = 1_500) {
      const until = Date.now() + ms;
      while (seen.length < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    },
    restore() {
      subgraph.executeInProcess = original;
    },
  };
}

const client = (token: string) => {
  const created = wsClient(s.t.http.baseUrl, token);
  clients.push(created);
  return created;
};

async function newDesign(token = s.token): Promise<string> {
  const created = await s.t.http.graphql(`mutation { createDesign(input: { designType: { type: preset, name: presentation } }) { id } }`, {}, token);
  assert.equal(created.body.errors, undefined, created.text);
  return created.body.data!.createDesign.id;
}

describe("#48.4: the merged re-read of a new subscription text is planned, never run, and only for a caller whose first read passed", () => {
  test("20 subscriptions refused as RATE_LIMITED, each of a text never seen (variables renamed): 20 refused reads reach the subgraph, nothing else", async () => {
    const token = await designAndAssetToken(s.t.http, s.p, s.p.client);
    const { id: jobId } = await createJobRow(s.t.platform.runtime.db.prisma, { kind: ASSET_UPLOAD, ownerId: s.p.client.userId, input: {}, maxAttempts: 1 });
    // getAssetUploadJob: 180 reads a minute per integration and user.
    for (let i = 0; i < 18; i++) {
      const spent = await s.t.http.graphql(`{ ${aliased(10, `assetUploadJob(id: "${jobId}") { id }`)} }`, {}, token);
      assert.equal(spent.body.errors, undefined, spent.text);
    }
    const assets = watchSubgraph("assets");
    try {
      const ws = client(token);
      const followed = Array.from({ length: 20 }, (_, i) => follow(ws, `subscription($job${i}: ID!) { assetUploadJob(id: $job${i}) { id status } }`, { [`job${i}`]: jobId }));
      await Promise.all(followed.map((one) => one.ended));
      for (const one of followed) assert.deepEqual(codes(one.results[0]?.errors), ["RATE_LIMITED"], JSON.stringify(one.results));
      // Whatever the gateway would run after a refusal, it would have started by now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(assets.seen.length, 20, `one refused read per subscription, nothing more: ${assets.seen.map((seen) => seen.query).join("\n")}`);
      assert.deepEqual(assets.seen.filter((seen) => seen.subscriptionEvent), [], "no operation exempt from the rate limits ran");
    } finally {
      assets.restore();
    }
  });

  test("an accepted first read of a new text: the subgraph runs that read alone; the merged text is planned by the gateway without a fetch", async () => {
    const token = await designAndAssetToken(s.t.http, s.p, s.p.client);
    const { id: jobId } = await createJobRow(s.t.platform.runtime.db.prisma, { kind: ASSET_UPLOAD, ownerId: s.p.client.userId, input: {}, maxAttempts: 1 });
    const assets = watchSubgraph("assets");
    try {
      const followed = follow(client(token), `subscription($accepted: ID!) { assetUploadJob(id: $accepted) { id status } }`, { accepted: jobId });
      await followed.received(1);
      assert.equal(followed.results[0].data?.assetUploadJob?.status, "in_progress", JSON.stringify(followed.results));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(assets.seen.length, 1, assets.seen.map((seen) => seen.query).join("\n"));
      followed.stop();
      const planned = await s.t.platform.main.runOperation({ query: `query($id: ID!) { a: assetUploadJob(id: $id) { id } b: assetUploadJob(id: $id) { id } }`, variables: { id: jobId }, authorization: `Bearer ${token}`, planOnly: true });
      assert.deepEqual([planned.errors, assets.seen.length], [undefined, 1], "planning an operation runs none of its fetches");
    } finally {
      assets.restore();
    }
  });
});

describe("#48.5: a fetch in flight is joined only by a caller whose token is still good when it joins", () => {
  const CHANGED = `query($id: ID!) { designChanged(designId: $id) { version } }`;

  test("a design token revoked while an identical request is in flight: the next one is refused like every other request of that token", async () => {
    const designId = await newDesign();
    const integration = await approvedIntegration(s.t.http, s.p, `${DESIGN_SCOPES} ${ASSET_SCOPES}`);
    const tokens = await obtainTokens(s.t.http, integration, s.p.client, DESIGN_SCOPES);
    const designs = watchSubgraph("designs");
    try {
      const held = designs.holdNext(/designChanged/);
      const first = s.t.http.graphql(CHANGED, { id: designId }, tokens.access_token);
      await held.answered;
      const revoked = await oauthPost(s.t.http, "/v1/oauth/revoke", { token: tokens.access_token }, { authorization: basic(integration) });
      assert.equal(revoked.status, 200, revoked.text);
      const other = await s.t.http.graphql(`query($id: ID!) { design(id: $id) { id } }`, { id: designId }, tokens.access_token);
      assert.deepEqual(codes(other.body.errors), ["UNAUTHENTICATED"], other.text);
      const seen = designs.seen.length;
      const joining = s.t.http.graphql(CHANGED, { id: designId }, tokens.access_token);
      await designs.reached(seen + 1);
      held.release();
      const [answered, refused] = await Promise.all([first, joining]);
      assert.equal(answered.body.data?.designChanged?.version, 0, "the first request was answered: its token was good when it was checked");
      assert.equal(refused.body.data, null, refused.text);
      assert.deepEqual(codes(refused.body.errors), ["UNAUTHENTICATED"], refused.text);
      assert.equal(refused.body.errors![0].extensions.reason, "TOKEN_REVOKED");
    } finally {
      designs.restore();
    }
  });

  test("the gateway's re-read of a subscriber's state (no rate limit) does not join a flight of a token revoked since it started", async () => {
    const designId = await newDesign();
    const integration = await approvedIntegration(s.t.http, s.p, `${DESIGN_SCOPES} ${ASSET_SCOPES}`);
    const tokens = await obtainTokens(s.t.http, integration, s.p.client, DESIGN_SCOPES);
    const reread = () => s.t.platform.main.runOperation({ query: CHANGED, variables: { id: designId }, authorization: `Bearer ${tokens.access_token}`, clientAddress: "198.51.100.4", subscriptionEvent: true });
    const designs = watchSubgraph("designs");
    try {
      const held = designs.holdNext(/designChanged/);
      const first = reread();
      await held.answered;
      const revoked = await oauthPost(s.t.http, "/v1/oauth/revoke", { token: tokens.access_token }, { authorization: basic(integration) });
      assert.equal(revoked.status, 200, revoked.text);
      const seen = designs.seen.length;
      const joining = reread();
      await designs.reached(seen + 1);
      held.release();
      const [answered, refused] = await Promise.all([first, joining]);
      assert.equal((answered.data?.designChanged as { version: number } | undefined)?.version, 0);
      assert.deepEqual(codes(refused.errors), ["UNAUTHENTICATED"], JSON.stringify(refused));
    } finally {
      designs.restore();
    }
  });

  test("a business token whose STAFF role is taken away while an identical request is in flight: the next one is refused like every other", async () => {
    const USER = `query($id: Int!) { user(id: $id) { id email } }`;
    const staff = s.p.staff.token;
    const accounts = watchSubgraph("accounts");
    try {
      const held = accounts.holdNext(/\buser\(id:/);
      const first = s.t.http.graphql(USER, { id: s.p.client.userId }, staff);
      await held.answered;
      const demoted = await s.t.http.post("/api/auth/admin/users/demote-role", { userId: s.p.staff.userId, role: "STAFF" }, { token: s.p.superuser.token });
      assert.equal(demoted.status, 200, demoted.text);
      const other = await s.t.http.graphql(USER, { id: s.p.otherClient.userId }, staff);
      assert.deepEqual(codes(other.body.errors), ["FORBIDDEN"], other.text);
      const seen = accounts.seen.length;
      const joining = s.t.http.graphql(USER, { id: s.p.client.userId }, staff);
      await accounts.reached(seen + 1);
      held.release();
      const [answered, refused] = await Promise.all([first, joining]);
      assert.equal(answered.body.data?.user?.email, s.p.client.email);
      assert.deepEqual(codes(refused.body.errors), ["FORBIDDEN"], refused.text);
      assert.equal(refused.body.data?.user?.email, null, `the email is not given: ${refused.text}`);
    } finally {
      accounts.restore();
      const promoted = await s.t.http.post("/api/auth/admin/users/promote-role", { userId: s.p.staff.userId, role: "STAFF" }, { token: s.p.superuser.token });
      assert.equal(promoted.status, 200, promoted.text);
    }
  });
});

describe("#48.8: a subscription's twin counts against the caller's rate limit", () => {
  test("designChanged: 15 requests of 10 aliases, 100 reads answered (getDesignChange, 100 a minute), the other 5 requests RATE_LIMITED", async () => {
    const token = await designAndAssetToken(s.t.http, s.p, s.p.client);
    const designId = await newDesign(token);
    const outcomes: string[] = [];
    let answered = 0;
    for (let i = 0; i < 15; i++) {
      const response = await s.t.http.graphql(`query($id: ID!) { ${aliased(10, "designChanged(designId: $id) { version }")} }`, { id: designId }, token);
      answered += Object.values(response.body.data ?? {}).filter((change) => change !== null).length;
      outcomes.push(response.body.errors ? [...new Set(codes(response.body.errors))].join() : "ok");
    }
    assert.equal(answered, 100);
    assert.deepEqual(outcomes, [...Array.from({ length: 10 }, () => "ok"), ...Array.from({ length: 5 }, () => "RATE_LIMITED")]);
  });
});

describe("#48: a list's size given in a variable counts in the operation's estimated cost", () => {
  const EDITS = `query($id: ID!, $l: Int) { ${aliased(10, "designEdits(designId: $id, sinceVersion: 0, limit: $l) { version at }")} }`;

  test("ten aliases of designEdits with $l = 1000 (30,000 over 20,000) are refused before any resolver; $l = 5 passes", async () => {
    const token = await designAndAssetToken(s.t.http, s.p, s.p.client);
    const designId = await newDesign(token);
    const designs = watchSubgraph("designs");
    try {
      const large = await s.t.http.graphql(EDITS, { id: designId, l: 1000 }, token);
      assert.equal(large.status, 400, large.text);
      assert.equal(large.body.data, undefined);
      assert.deepEqual(codes(large.body.errors), ["OPERATION_TOO_LARGE"], large.text);
      assert.match(large.body.errors![0].message, /estimated cost 30000 is over the limit of 20000/);
      assert.equal(designs.seen.length, 0, "nothing reached the subgraph");
      const small = await s.t.http.graphql(EDITS, { id: designId, l: 5 }, token);
      assert.equal(small.status, 200, small.text);
      assert.equal(small.body.errors, undefined, small.text);
      assert.deepEqual(Object.values(small.body.data!), Array.from({ length: 10 }, () => []));
    } finally {
      designs.restore();
    }
    // A subgraph reached directly counts the same (with its headroom: twice the gateway's limit).
    const direct = await new HttpClient(s.t.platform.subgraphs.designs.url).graphql(
      `query($id: ID!, $l: Int) { ${aliased(10, "designEdits(designId: $id, sinceVersion: 0, limit: $l) { version at changedElementIds removedElementIds }")} }`,
      { id: designId, l: 1000 },
      token,
    );
    assert.deepEqual([direct.body.data, codes(direct.body.errors), direct.body.errors?.[0].extensions.http.status], [undefined, ["OPERATION_TOO_LARGE"], 400], direct.text);
    assert.match(direct.body.errors![0].message, /estimated cost 430000 is over the limit of 40000/);
  });

  test("every limit's refusal has the documented code, OPERATION_TOO_LARGE, whichever check refuses it and over either transport", async () => {
    const token = await designAndAssetToken(s.t.http, s.p, s.p.client);
    const designId = await newDesign(token);
    const inline = await s.t.http.graphql(EDITS.replace(/\$l\b/g, "1000").replace(", 1000: Int", ""), { id: designId }, token);
    assert.deepEqual([inline.status, codes(inline.body.errors)], [400, ["OPERATION_TOO_LARGE"]], inline.text);
    const aliases = `designChanged(designId: $id) { ${aliased(16, "version")} }`;
    const wide = await s.t.http.graphql(`query($id: ID!) { ${aliases} }`, { id: designId }, token);
    assert.deepEqual([wide.status, codes(wide.body.errors)], [400, ["OPERATION_TOO_LARGE"]], wide.text);
    const followed = follow(client(token), `subscription($id: ID!) { ${aliases} }`, { id: designId });
    const { error } = await followed.ended;
    assert.deepEqual(codes(error as { extensions?: { code?: unknown } }[]), ["OPERATION_TOO_LARGE"], JSON.stringify(error));
  });

  test("a limit variable left unset or null, and an inline null, count at the argument's default in the schema (1000: designEdits' most); a variable's default at its value", async () => {
    const token = await designAndAssetToken(s.t.http, s.p, s.p.client);
    const designId = await newDesign(token);
    const unset = await s.t.http.graphql(EDITS, { id: designId }, token);
    assert.deepEqual([unset.status, codes(unset.body.errors)], [400, ["OPERATION_TOO_LARGE"]], unset.text);
    const nulled = await s.t.http.graphql(EDITS, { id: designId, l: null }, token);
    assert.deepEqual([nulled.status, codes(nulled.body.errors)], [400, ["OPERATION_TOO_LARGE"]], nulled.text);
    const inlineNull = await s.t.http.graphql(`query($id: ID!) { ${aliased(10, "designEdits(designId: $id, sinceVersion: 0, limit: null) { version at }")} }`, { id: designId }, token);
    assert.deepEqual([inlineNull.status, codes(inlineNull.body.errors)], [400, ["OPERATION_TOO_LARGE"]], inlineNull.text);
    const defaulted = await s.t.http.graphql(EDITS.replace("$l: Int", "$l: Int = 2"), { id: designId }, token);
    assert.deepEqual([defaulted.status, defaulted.body.errors], [200, undefined], defaulted.text);
    const overDefault = await s.t.http.graphql(EDITS.replace("$l: Int", "$l: Int = 2"), { id: designId, l: 1000 }, token);
    assert.deepEqual([overDefault.status, codes(overDefault.body.errors)], [400, ["OPERATION_TOO_LARGE"]], overDefault.text);
  });
});
