// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { parse, type FormattedExecutionResult } from "graphql";
import { startWithPeople, type People } from "../../testing/people.js";
import { DESIGN_DOMAINS, type TestPlatform } from "../../testing/platform.js";
import { designToken } from "../../testing/assets.js";
import { createJobRow } from "../../lib/jobs/engine.js";
import { ASSET_UPLOAD } from "../../subgraphs/assets/domain/upload-jobs.js";
import { BoundedExecutions } from "../subscriptions/bounded-executions.js";
import type { ExecuteThroughGateway } from "../subscriptions/declared-subscriptions.js";
import { subscriptionQueryOf } from "../subscriptions/subscription-operation.js";

let t: TestPlatform;
let p: People;
let token: string;
let otherToken: string;
before(async () => {
  ({ t, p } = await startWithPeople({ JOB_WORKERS: "0" }, DESIGN_DOMAINS));
  token = await designToken(t.http, p, p.client);
  otherToken = await designToken(t.http, p, p.otherClient);
});
after(() => t.stop());

const JOB = `subscription($id: ID!) { assetUploadJob(id: $id) { id status error { code } asset { name owner { userId } } } }`;

/** The gateway of the platform, counting its operations; the first waits until released, so that the next reads queue. */
function heldGateway() {
  const operations: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const execute: ExecuteThroughGateway = async (request) => {
    operations.push(request.query);
    if (operations.length === 1) await held;
    return t.platform.main.runOperation(request);
  };
  return { execute, operations, release };
}

async function jobsOf(ownerId: number, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await createJobRow(t.platform.runtime.db.prisma, { kind: ASSET_UPLOAD, ownerId, input: {}, maxAttempts: 1 })).id);
  return ids;
}

/** `ids` re-read by one caller through a gateway held on its first operation, so the others wait together; and each read alone. */
async function rereads(ids: string[]) {
  const twin = subscriptionQueryOf(t.platform.main.subscriptions.declarations, parse(JOB), { id: ids[0] });
  const read = (id: string, authorization = `Bearer ${token}`) => ({ query: twin.query, variables: { id }, authorization, clientAddress: "198.51.100.9", subscriptionEvent: true });
  const alone = await Promise.all(ids.map((id) => t.platform.main.runOperation(read(id))));
  const gateway = heldGateway();
  const executions = new BoundedExecutions(gateway.execute, 1, t.platform.runtime.config.operationLimits);
  const answers = ids.map((id) => executions.run(read(id)));
  gateway.release();
  const sizes = () => gateway.operations.map((query) => (query.match(/assetUploadJob\(/g) ?? []).length);
  // Compared as they are sent: an absent `errors` and an undefined one are the same message.
  const sent = (results: unknown[]) => JSON.parse(JSON.stringify(results)) as FormattedExecutionResult[];
  return { alone: sent(alone), merged: sent(await Promise.all(answers)), sizes, executions, read };
}

describe("subscription re-reads merged through the real gateway", () => {
  test("eleven re-reads of one caller: the first alone, the others in operations of as many places as the default limits allow, each answer what its read alone gets", async () => {
    const { alone, merged, sizes } = await rereads(await jobsOf(p.client.userId, 11));
    assert.deepEqual(merged, alone);
    assert.equal(merged[0].data?.assetUploadJob && (merged[0].data.assetUploadJob as { status: string }).status, "in_progress");
    assert.deepEqual(sizes(), [1, 7, 7], "15 aliases: each read brings two, its place and the state; the last read fills the places left");
  });

  test("another's job and an unknown id merged with the caller's own: each gets its own refusal, the others their jobs", async () => {
    const mine = await jobsOf(p.client.userId, 3);
    const [theirs] = await jobsOf(p.otherClient.userId, 1);
    const { alone, merged, sizes, executions, read } = await rereads([mine[0], mine[1], theirs, mine[2], "no-such-job"]);
    assert.deepEqual(merged, alone);
    assert.deepEqual([merged[2].errors?.[0].extensions?.code, merged[4].errors?.[0].extensions?.code], ["FORBIDDEN", "NOT_FOUND"]);
    assert.deepEqual([merged[2].data, merged[4].data], [null, null]);
    assert.deepEqual(sizes(), [1, 7, 1, 1, 1, 1], "the merged operation held errors: each of its reads ran again alone");
    const [othersOwn] = await Promise.all([executions.run(read(theirs, `Bearer ${otherToken}`))]);
    assert.equal((othersOwn.data?.assetUploadJob as { id: string }).id, theirs);
  });
});
