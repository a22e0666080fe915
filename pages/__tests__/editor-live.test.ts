// @tier unit
// The design editor's bookkeeping without a browser: own edits over the server's versions, others' edits
// in order (caught up when some are missed), and undo/redo by inverse operations, against a server of
// the edit API's rules kept in memory.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { GraphError } from "../browser/editor/graph-error.js";
import { History, provisionalId } from "../browser/editor/history.js";
import { LiveDesign, type DesignSource } from "../browser/editor/live-design.js";
import { applyOperation, copyOf, findElement, findPage, type Batch, type Change, type DesignState, type Operation } from "../browser/editor/model.js";

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/** `editDesign`'s rules in memory: all or nothing, ids given by the server, each edit the next version, announced to followers. */
class MemoryServer implements DesignSource {
  state: DesignState = { title: "Plan", version: 0, pages: [{ id: "P0", width: 800, height: 600, elements: [] }] };
  readonly log: Change[] = [];
  /** Edits the log no longer keeps (before this version): asking from before it is `GONE`. */
  keptFrom = 0;
  /** Announce an edit before answering its author (as a fast subscription can). */
  announceFirst = false;
  private made = 0;
  private readonly followers: ((change: Change) => void)[] = [];

  async design() {
    return copyOf(this.state);
  }

  async edit(inputs: Record<string, unknown>[]) {
    await tick();
    const next = copyOf(this.state);
    const made = { createdElementIds: [] as string[], createdPageIds: [] as string[] };
    const operations = inputs.map((input) => {
      const operation = structuredClone(input) as Operation;
      if ("addElement" in operation) made.createdElementIds.push((operation.addElement.elementId = `E${++this.made}`));
      if ("addPage" in operation) made.createdPageIds.push((operation.addPage.pageId = `P${++this.made}`));
      const named = "updateElement" in operation ? operation.updateElement.elementId : "deleteElement" in operation ? operation.deleteElement : undefined;
      if (named !== undefined && !findElement(next, named)) throw new GraphError("NOT_FOUND", "Element not found");
      if ("deletePage" in operation && !findPage(next, operation.deletePage)) throw new GraphError("NOT_FOUND", "Page not found");
      applyOperation(next, operation);
      return operation;
    });
    next.version = this.state.version + 1;
    this.state = next;
    this.announce({ version: next.version, operations });
    if (this.announceFirst) await tick(5);
    return { version: next.version, ...made };
  }

  /** An edit by someone else, announced as any. */
  othersEdit(operations: Operation[], announce = true): void {
    for (const operation of operations) applyOperation(this.state, operation);
    this.state.version++;
    const change = { version: this.state.version, operations };
    if (announce) this.announce(change);
    else this.log.push(change);
  }

  private announce(change: Change): void {
    this.log.push(change);
    const delay = this.announceFirst ? 0 : 2;
    setTimeout(() => this.followers.forEach((follower) => follower(structuredClone(change))), delay);
  }

  async editsSince(since: number) {
    if (since < this.keptFrom) throw new GraphError("GONE", "Edits before this version are no longer kept");
    return structuredClone(this.log.filter((change) => change.version > since));
  }

  follow(receive: (change: Change) => void) {
    this.followers.push(receive);
  }
}

/** A tab editing the server's design: what it shows, its undo history, and an `edit` that records and sends like the editor's tools. */
async function tab(server: MemoryServer) {
  const renamedTo = new Map<string, string>();
  const history = new History();
  const live = new LiveDesign(server, await server.design(), {
    changed: () => undefined,
    renamed: (ids) => {
      history.renamed(ids);
      for (const [from, to] of ids) renamedTo.set(from, to);
    },
    failed: () => undefined,
  });
  const send = (batch: Batch) => live.edit(batch);
  return {
    live,
    history,
    renamedTo,
    edit: (batch: Batch) => {
      history.record(live.shown, batch);
      return send(batch);
    },
    undo: () => Promise.all(history.undo().batches.map(send)),
    redo: () => Promise.all(history.redo().batches.map(send)),
  };
}

/** What is drawn: the pages in order and their elements' boxes, kinds and text, ids left out (an element made anew has a new one). */
const looks = (state: DesignState) => state.pages.map((page) => [page.width, page.height, page.elements.map(({ kind, x, y, width, height, text }) => [kind, x, y, width, height, text])]);
const settled = () => tick(30);
const rect = (x = 10, pageId = "P0"): Operation => ({ addElement: { elementId: provisionalId(), pageId, kind: "shape", x, y: 20, width: 100, height: 50, shape: "rect" } });

describe("the editor's own edits and others' on one design", () => {
  test("an own edit shows at once, and once: its announcement arriving before the server's answer draws nothing twice", async () => {
    const server = new MemoryServer();
    server.announceFirst = true;
    const a = await tab(server);
    const added = rect();
    const sent = a.edit([added]);
    assert.equal(a.live.shown.pages[0].elements.length, 1, "shown before the server answers");
    assert.equal(await sent, undefined);
    await settled();
    assert.deepEqual(a.live.shown.pages[0].elements.map((element) => element.id), ["E1"]);
    assert.equal(a.renamedTo.get((added as { addElement: { elementId: string } }).addElement.elementId), "E1");
    assert.deepEqual(looks(a.live.shown), looks(server.state));
  });

  test("edits of the element an own edit made, sent before the server named it, reach it by its new id", async () => {
    const server = new MemoryServer();
    const a = await tab(server);
    const added = rect();
    const id = (added as { addElement: { elementId: string } }).addElement.elementId;
    void a.edit([added]);
    const moved = a.edit([{ updateElement: { elementId: id, x: 300 } }]);
    assert.equal(a.live.shown.pages[0].elements[0].x, 300);
    assert.equal(await moved, undefined);
    await settled();
    assert.equal(server.state.pages[0].elements[0].x, 300);
  });

  test("others' edits in version order; missed ones read from the edit log; a log that no longer has them means reading the design", async () => {
    const server = new MemoryServer();
    const b = await tab(server);
    server.othersEdit([{ addElement: { elementId: "E90", pageId: "P0", kind: "text", x: 0, y: 0, width: 50, height: 20, text: "one" } }]);
    await settled();
    assert.deepEqual(looks(b.live.shown), looks(server.state));
    server.othersEdit([{ updateElement: { elementId: "E90", text: "two" } }], false);
    server.othersEdit([{ updateElement: { elementId: "E90", x: 40 } }]);
    await settled();
    assert.deepEqual(looks(b.live.shown), looks(server.state), "version 2 was missed: read from the log");
    server.othersEdit([{ setTitle: "Gone by" }], false);
    server.othersEdit([{ addPage: { pageId: "P91", width: 400, height: 300 } }], false);
    server.keptFrom = 4;
    server.othersEdit([{ resizePage: { pageId: "P0", width: 1000, height: 500 } }]);
    await settled();
    assert.deepEqual([b.live.shown.title, b.live.shown.version], ["Gone by", 6]);
    assert.deepEqual(looks(b.live.shown), looks(server.state), "the log no longer had version 4: the design was read again");
  });

  test("a refused edit leaves the page as the server has it, and nothing to undo", async () => {
    const server = new MemoryServer();
    const a = await tab(server);
    const refusal = await a.edit([{ deleteElement: "Enowhere" }, rect()]);
    assert.equal(refusal?.code, "NOT_FOUND");
    assert.deepEqual(looks(a.live.shown), looks(server.state));
  });
});

describe("undo and redo of one's own edits", () => {
  test("an element added, moved, retyped and deleted comes back step by step, and goes again with redo; others' edits stay", async () => {
    const server = new MemoryServer();
    const a = await tab(server);
    const add: Operation = { addElement: { elementId: provisionalId(), pageId: "P0", kind: "text", x: 5, y: 5, width: 200, height: 40, text: "Draft" } };
    const id = (add as { addElement: { elementId: string } }).addElement.elementId;
    // As the editor does, each edit names the element by the id it shows (the server's, once it has answered).
    const shown = () => a.renamedTo.get(id) ?? id;
    const stages: unknown[] = [looks(server.state)];
    for (const batch of [() => [add], () => [{ updateElement: { elementId: shown(), x: 50, y: 60 } }], () => [{ updateElement: { elementId: shown(), text: "Final" } }]] as (() => Batch)[]) {
      await a.edit(batch());
      await settled();
      stages.push(looks(server.state));
    }
    await a.edit([{ deleteElement: shown() }]);
    await settled();
    server.othersEdit([{ addElement: { elementId: "E77", pageId: "P0", kind: "shape", x: 700, y: 500, width: 10, height: 10, shape: "ellipse" } }]);
    await settled();
    const withOthers = (stage: unknown) => [[800, 600, [...((stage as unknown[][])[0][2] as unknown[]), ["shape", 700, 500, 10, 10, null]]]];
    for (let back = 3; back >= 0; back--) {
      await a.undo();
      await settled();
      assert.deepEqual(looks(server.state), withOthers(stages[back]), `after undoing down to stage ${back}`);
    }
    for (let forward = 1; forward <= 3; forward++) {
      await a.redo();
      await settled();
      assert.deepEqual(looks(server.state), withOthers(stages[forward]), `after redoing up to stage ${forward}`);
    }
    assert.deepEqual(looks(a.live.shown), looks(server.state));
  });

  test("a deleted page comes back where it was with its elements, then redo deletes it again", async () => {
    const server = new MemoryServer();
    const a = await tab(server);
    await a.edit([{ addPage: { pageId: provisionalId(), width: 400, height: 300 } }]);
    await settled();
    const second = server.state.pages[1].id;
    await a.edit([rect(1, second)]);
    await a.edit([{ addElement: { elementId: provisionalId(), pageId: second, kind: "shape", x: 9, y: 9, width: 20, height: 20, shape: "ellipse", fill: "#ff0000" } }]);
    await settled();
    const before = looks(server.state);
    await a.edit([{ deletePage: second }]);
    await settled();
    assert.equal(server.state.pages.length, 1);
    await a.undo();
    await settled();
    assert.deepEqual(looks(server.state), before, "the page and both its elements are back");
    assert.notEqual(server.state.pages[1].id, second, "made anew: a new id");
    await a.redo();
    await settled();
    assert.equal(server.state.pages.length, 1);
    assert.deepEqual(looks(a.live.shown), looks(server.state));
  });
});
