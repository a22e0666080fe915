// @tier contract
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, test } from "node:test";
import { followDesign } from "../../../docs/examples/follow-design.js";
import { startDesignPlatform, type DesignPlatform } from "../../../testing/designs.js";

let s: DesignPlatform;
before(async () => (s = await startDesignPlatform()));
after(() => s.t.stop());

test("the documented Apollo Client + graphql-ws example follows a design's edits, as printed in docs/live-editing.md", async () => {
  const example = await readFile(new URL("../../../docs/examples/follow-design.ts", import.meta.url), "utf8");
  const documented = await readFile(new URL("../../../docs/live-editing.md", import.meta.url), "utf8");
  assert.ok(documented.includes(example.trim()), "docs/live-editing.md shows the example file as it is");

  const created = await s.t.http.graphql(`mutation { createDesign(input: { designType: { type: preset, name: doc } }) { id pages { id } } }`, {}, s.token);
  const { id, pages: [page] } = created.body.data!.createDesign;
  const changes: any[] = [];
  let seen = (_count: number) => undefined as void;
  const arrived = (count: number) => new Promise<void>((resolve) => (seen = (now) => now >= count && resolve()));
  let waiting = arrived(1);
  const stop = followDesign(s.t.http.baseUrl, s.teammate, id, (change) => seen(changes.push(change)));
  await waiting;
  assert.equal(changes[0].version, 0);

  waiting = arrived(2);
  const edit = await s.t.http.graphql(
    `mutation($id: ID!, $ops: [DesignOperationInput!]!) { editDesign(designId: $id, operations: $ops) { createdElementIds } }`,
    { id, ops: [{ addElement: { pageId: page.id, kind: "shape", x: 12, y: 34, width: 50, height: 50 } }] },
    s.token,
  );
  await waiting;
  stop();
  const [elementId] = edit.body.data!.editDesign.createdElementIds;
  assert.equal(changes[1].version, 1);
  assert.equal(changes[1].author.id, s.p.client.userId);
  assert.deepEqual(changes[1].operations[0].addElement, { __typename: "AddedElement", elementId, x: 12, y: 34 });
});
