// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { buildSchema, graphql, parse, validate, type FormattedExecutionResult } from "graphql";
import { BoundedExecutions } from "../subscriptions/bounded-executions.js";
import type { ExecuteThroughGateway } from "../subscriptions/declared-subscriptions.js";
import { mergeReads, mostMerged } from "../subscriptions/merged-operation.js";
import type { OperationLimits } from "../../lib/config.js";

const LIMITS: OperationLimits = { maxDepth: 12, maxAliases: 15, maxRootFields: 10, maxTokens: 2000, maxDirectives: 30, maxCost: 20_000, defaultListSize: 20 };

const schema = buildSchema(`
  type Query { job(id: ID!): Job }
  type Job { id: ID! status: String! owner: String! steps(first: Int): [String!]! }
`);
/** Jobs "1" to "99" belong to their owner ("ada" for odd ids); the caller is the owner named in `authorization`. */
const rootValue = {
  job: ({ id }: { id: string }, context: { caller?: string }) => {
    const owner = Number(id) % 2 ? "ada" : "bob";
    if (!Number(id)) return null;
    if (context.caller !== owner) throw new Error(`job ${id} is not yours`);
    return { id, status: Number(id) > 50 ? "success" : "in_progress", owner, steps: ({ first }: { first?: number }) => ["read", "scale", "store"].slice(0, first ?? 3) };
  },
};
const run = async (query: string, variables: Record<string, unknown>, caller?: string): Promise<FormattedExecutionResult> => {
  const errors = validate(schema, parse(query));
  if (errors.length) return { errors: errors.map((error) => error.toJSON()) };
  return JSON.parse(JSON.stringify(await graphql({ schema, source: query, variableValues: variables, rootValue, contextValue: { caller } })));
};

const TWIN = `query($id: ID!, $first: Int) { followed: job(id: $id) { ...state steps(first: $first) state_: status } } fragment state on Job { id status }`;

describe("subscription re-reads merged into one operation", () => {
  test("the merged operation answers each read exactly what it would get alone", async () => {
    const reads = [{ id: "3", first: 1 }, { id: "51", first: 2 }, { id: "7" }, { id: "0", first: 3 }];
    const merged = mergeReads(TWIN, reads, LIMITS)!;
    assert.ok(merged, "a twin with variables and a fragment without any merges");
    assert.equal((merged.query.match(/job\(/g) ?? []).length, 5, "as many places as the limits allow, the last read repeated");
    const parts = merged.split(await run(merged.query, merged.variables, "ada"));
    assert.deepEqual(parts, await Promise.all(reads.map((variables) => run(TWIN, variables, "ada"))));
    assert.deepEqual(parts![1], { data: { followed: { id: "51", status: "success", steps: ["read", "scale"], state_: "success" } } });
  });

  test("an answer holding any error is not split: each read must run alone", async () => {
    const merged = mergeReads(TWIN, [{ id: "3" }, { id: "4" }], LIMITS)!;
    const answer = await run(merged.query, merged.variables, "ada");
    assert.match(String(answer.errors?.[0].message), /job 4 is not yours/);
    assert.equal(merged.split(answer), undefined);
  });

  test("as many reads as the operation limits allow, and none of a twin that cannot be renamed safely", () => {
    assert.equal(mostMerged(TWIN, LIMITS), 5, "15 aliases: each read brings its place's and its two own");
    assert.equal(mostMerged(TWIN, { ...LIMITS, maxRootFields: 3 }), 3);
    assert.equal(mostMerged(`query($id: ID!) { job(id: $id) { id } }`, { ...LIMITS, maxCost: 100 }), 2, "the cost a read may bring");
    assert.equal(mostMerged(`query($id: ID!) { job(id: $id) { ...f } } fragment f on Job { steps(first: $id) }`, LIMITS), 1, "a variable inside a fragment");
    assert.equal(mostMerged(`query A { job(id: "1") { id } } query B { job(id: "2") { id } }`, LIMITS), 1);
    assert.equal(mostMerged(`query($id: ID!) @cached { job(id: $id) { id } }`, LIMITS), 1);
    assert.equal(mostMerged(`{ a: job(id: "1") { id } b: job(id: "2") { id } }`, LIMITS), 1, "two root fields");
    assert.equal(mergeReads(TWIN, Array.from({ length: 6 }, (_, i) => ({ id: String(i) })), LIMITS), undefined, "more than fit");
  });

  test("an operation refused as a whole makes later merges of that twin smaller", () => {
    const twin = `query($id: ID!) { job(id: $id) { id owner } }`;
    const merged = mergeReads(twin, Array.from({ length: 6 }, (_, i) => ({ id: String(i) })), LIMITS)!;
    assert.equal(merged.split({ errors: [{ message: "The operation's estimated cost is over the limit" }] }), undefined);
    assert.equal(mostMerged(twin, LIMITS), 5, "half the 10 places it had");
  });
});

describe("bounded gateway executions of subscription re-reads", () => {
  /** An executor counting its operations and the root fields of each; the first `held` wait until released. */
  function gateway(held = 1) {
    const executed: { caller?: string; reads: number }[] = [];
    /** Operations only planned (`planOnly`): parsed, validated and planned by the gateway, no fetch run. */
    const planned: { caller?: string; reads: number }[] = [];
    const releases: (() => void)[] = [];
    const execute: ExecuteThroughGateway = async ({ query, variables, authorization, planOnly }) => {
      if (planOnly) {
        planned.push({ caller: authorization, reads: (query.match(/job\(/g) ?? []).length });
        return { data: null };
      }
      executed.push({ caller: authorization, reads: (query.match(/job\(/g) ?? []).length });
      if (executed.length <= held) await new Promise<void>((release) => releases.push(release));
      return run(query, variables, authorization);
    };
    return { execute, executed, planned, release: () => releases.splice(0).forEach((release) => release()) };
  }
  const read = (id: string, caller = "ada", subscriptionEvent = true) => ({ query: TWIN, variables: { id }, authorization: caller, clientAddress: "198.51.100.7", subscriptionEvent });

  test("an idle gateway runs each read at once, alone", async () => {
    const { execute, executed } = gateway(0);
    const executions = new BoundedExecutions(execute, 4, LIMITS);
    const answers = await Promise.all(["1", "3", "5"].map((id) => executions.run(read(id))));
    assert.deepEqual(executed.map((e) => e.reads), [1, 1, 1]);
    assert.deepEqual(answers.map((answer) => (answer.data?.followed as { id: string }).id), ["1", "3", "5"]);
  });

  test("re-reads waiting for a slot share operations per caller, within the limits; callers never share one, first reads run alone", async () => {
    const { execute, executed, planned, release } = gateway(1);
    const executions = new BoundedExecutions(execute, 1, LIMITS);
    const first = executions.run(read("1"));
    const ada = Array.from({ length: 10 }, (_, i) => executions.run(read(String(2 * i + 3))));
    const bob = [executions.run(read("2", "bob")), executions.run(read("4", "bob"))];
    // A subscription's first read counts against the caller's rate limits: never merged, so never counted twice.
    // Once the first one of a twin passed, its merged operation is planned (not run) ahead of a burst.
    const firstReads = [executions.run(read("9", "ada", false)), executions.run(read("11", "ada", false))];
    release();
    const answers = await Promise.all([first, ...ada, ...bob, ...firstReads]);
    assert.deepEqual(executed, [
      { caller: "ada", reads: 1 },
      { caller: "ada", reads: 5 },
      { caller: "bob", reads: 5 },
      { caller: "ada", reads: 1 },
      { caller: "ada", reads: 1 },
      { caller: "ada", reads: 5 },
    ]);
    assert.equal(executions.executions, 6);
    assert.deepEqual(planned, [{ caller: "ada", reads: 5 }], "one twin, planned once");
    const ids = answers.map((answer) => (answer.data?.followed as { id: string; owner: string }).id);
    assert.deepEqual(ids, ["1", ...Array.from({ length: 10 }, (_, i) => String(2 * i + 3)), "2", "4", "9", "11"]);
    assert.deepEqual(answers.map((answer) => answer.errors), answers.map(() => undefined));
  });

  test("a first read refused (its caller over a rate limit, say) has nothing planned, let alone run; the next one that passes has", async () => {
    const { execute, executed, planned } = gateway(0);
    const executions = new BoundedExecutions(execute, 4, LIMITS);
    // Job 4 is bob's: ada's first reads of it are refused, however many, of however many texts.
    for (let i = 0; i < 5; i++) {
      const twin = `query($id${i}: ID!) { job(id: $id${i}) { id status } }`;
      const refused = await executions.run({ ...read("4", "ada", false), query: twin, variables: { [`id${i}`]: "4" } });
      assert.match(String(refused.errors?.[0]?.message), /not yours/);
    }
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual([executed.length, planned.length], [5, 0], "five refused reads, nothing else");
    const passed = await executions.run({ ...read("3", "ada", false), query: `query($id0: ID!) { job(id: $id0) { id status } }`, variables: { id0: "3" } });
    assert.equal((passed.data?.job as { id: string }).id, "3");
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual([executed.length, planned.length], [6, 1]);
  });

  test("the first execution of a merged text runs alone: the burst's other batches of it start once it answered (subgraphs parse and validate it once, not once per batch at once)", async () => {
    const events: string[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const executions = new BoundedExecutions(
      async (request) => {
        const merged = (request.query.match(/job\(/g) ?? []).length > 1;
        const name = `${merged ? "merged" : "alone"} ${request.authorization}`;
        events.push(`start ${name}`);
        if (!merged) await firstHeld;
        const answer = await run(request.query, request.variables, request.authorization);
        events.push(`end ${name}`);
        return answer;
      },
      2,
      LIMITS,
    );
    // Both slots taken (held), so that the reads below wait together.
    const first = Promise.all([executions.run(read("1")), executions.run(read("13"))]);
    // Three callers' bursts (callers ada, bob, and ada from elsewhere): three batches of one merged text.
    const waiting = [
      ...["3", "5", "7"].map((id) => executions.run(read(id))),
      ...["2", "4", "6"].map((id) => executions.run(read(id, "bob"))),
      ...["9", "11"].map((id) => executions.run({ ...read(id), clientAddress: "203.0.113.9" })),
    ];
    releaseFirst();
    await Promise.all([first, ...waiting]);
    const merged = events.filter((event) => event.includes("merged"));
    assert.deepEqual(merged.slice(0, 2), ["start merged ada", "end merged ada"], events.join("\n"));
    assert.equal(merged.length, 6);
  });

  test("a read that fails in a merged operation gets its own error; the others their own answers", async () => {
    const { execute, executed, release } = gateway(1);
    const executions = new BoundedExecutions(execute, 1, LIMITS);
    const first = executions.run(read("1"));
    const waiting = ["3", "4", "5"].map((id) => executions.run(read(id)));
    release();
    const [, three, four, five] = await Promise.all([first, ...waiting]);
    assert.deepEqual(executed.map((e) => e.reads), [1, 5, 1, 1, 1], "merged (the last read repeated), refused for one, then each alone");
    assert.equal((three.data?.followed as { id: string }).id, "3");
    assert.equal((five.data?.followed as { id: string }).id, "5");
    assert.deepEqual(four.data, { followed: null });
    assert.match(String(four.errors?.[0].message), /job 4 is not yours/);
    assert.deepEqual(four.errors?.[0].path, ["followed"]);
  });

  test("the graph away fails every read of the merged operation", async () => {
    let calls = 0;
    const executions = new BoundedExecutions(async () => {
      if (calls++ === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error("graph away");
    }, 1, LIMITS);
    const outcomes = await Promise.allSettled(["1", "3", "5"].map((id) => executions.run(read(id))));
    assert.deepEqual(outcomes.map((outcome) => outcome.status), ["rejected", "rejected", "rejected"]);
    assert.equal(calls, 2, "the first alone, then the two waiting in one operation");
  });

  test("without the limits each read runs alone", async () => {
    const { execute, executed, release } = gateway(1);
    const executions = new BoundedExecutions(execute, 1, undefined);
    const all = ["1", "3", "5"].map((id) => executions.run(read(id)));
    release();
    await Promise.all(all);
    assert.deepEqual(executed.map((e) => e.reads), [1, 1, 1]);
  });
});
