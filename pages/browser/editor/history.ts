// Undo and redo of this tab's own edits, by sending the inverse operations. A step names elements and
// pages by handles (the id they had when it was recorded): undoing a deletion makes the element anew,
// with a new id, and the steps before it must reach that one.
import { applyOperation, CHANGEABLE, copyOf, findElement, findPage, newElement, renameIds, type AddElement, type Batch, type DesignState, type Element, type Operation } from "./model.js";

let made = 0;
/** An id for something this tab makes, until the server names it. */
export const provisionalId = () => `new-${++made}`;

export interface Step {
  /** What takes the step back: one or more batches (a page comes back before its elements). */
  undo: Batch[];
  redo: Batch[];
}

function elementAsAdd(element: Element, pageId: string): AddElement {
  const add: AddElement = { elementId: element.id, pageId, kind: element.kind, x: element.x, y: element.y, width: element.width, height: element.height, z: element.z };
  if (element.kind === "text") Object.assign(add, { text: element.text, fontSize: element.fontSize, color: element.color });
  if (element.kind === "shape") Object.assign(add, { shape: element.shape, fill: element.fill });
  if (element.kind === "image") Object.assign(add, { assetId: element.assetId });
  return add;
}

/** What undoes one operation on `state` (before it is applied). */
function inverseOf(state: DesignState, operation: Operation): Batch[] {
  if ("addElement" in operation) return [[{ deleteElement: operation.addElement.elementId }]];
  if ("updateElement" in operation) {
    const found = findElement(state, operation.updateElement.elementId);
    if (!found) return [];
    const before: Record<string, unknown> = { elementId: found.element.id };
    for (const key of CHANGEABLE) if (operation.updateElement[key] !== undefined) before[key] = found.element[key];
    return [[{ updateElement: before as Extract<Operation, { updateElement: unknown }>["updateElement"] }]];
  }
  if ("deleteElement" in operation) {
    const found = findElement(state, operation.deleteElement);
    return found ? [[{ addElement: elementAsAdd(found.element, found.page.id) }]] : [];
  }
  if ("addPage" in operation) return [[{ deletePage: operation.addPage.pageId }]];
  if ("deletePage" in operation) {
    const page = findPage(state, operation.deletePage);
    if (!page) return [];
    const restored: Batch[] = [[{ addPage: { pageId: page.id, index: state.pages.indexOf(page) + 1, width: page.width, height: page.height } }]];
    if (page.elements.length) restored.push(page.elements.map((element) => ({ addElement: elementAsAdd(element, page.id) })));
    return restored;
  }
  if ("movePage" in operation) {
    const page = findPage(state, operation.movePage.pageId);
    return page ? [[{ movePage: { pageId: page.id, index: state.pages.indexOf(page) + 1 } }]] : [];
  }
  if ("resizePage" in operation) {
    const page = findPage(state, operation.resizePage.pageId);
    return page ? [[{ resizePage: { pageId: page.id, width: page.width, height: page.height } }]] : [];
  }
  return [[{ setTitle: state.title }]];
}

/** What undoes a whole batch: the operations' inverses, last first, in one call unless a page must exist before its elements. */
function inverseOfBatch(state: DesignState, batch: Batch): Batch[] {
  const scratch = copyOf(state);
  const inverses: Batch[][] = [];
  for (const operation of batch) {
    inverses.unshift(inverseOf(scratch, operation));
    applyOperation(scratch, operation);
  }
  const batches = inverses.flat();
  return batches.some((one) => one.some((operation) => "addPage" in operation)) ? batches : [batches.flat()].filter((one) => one.length);
}

/** The batch with each new element's place in the stacking order (`z`) as it is made now: a redo puts it back there. */
function withStackingOrder(state: DesignState, batch: Batch): Batch {
  const scratch = copyOf(state);
  const placed = structuredClone(batch);
  for (const operation of placed) {
    const page = "addElement" in operation ? findPage(scratch, operation.addElement.pageId) : undefined;
    if (page && "addElement" in operation) operation.addElement.z ??= newElement(operation.addElement, page).z;
    applyOperation(scratch, operation);
  }
  return placed;
}

export class History {
  private readonly done: Step[] = [];
  private readonly undone: Step[] = [];
  /** Each handle's id now, where it differs from the handle (the server named it, or an undo made it anew). */
  private readonly current = new Map<string, string>();

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** An own edit about to be made on `state`: undoable from now on (and what was undone cannot be redone any more). */
  record(state: DesignState, batch: Batch): Step | undefined {
    const undo = inverseOfBatch(state, batch).map((one) => this.asHandles(one));
    if (undo.length === 0) return undefined;
    const step = { undo, redo: [this.asHandles(withStackingOrder(state, batch))] };
    this.done.push(step);
    this.undone.length = 0;
    return step;
  }

  /** A step whose edit the server refused: there is nothing to undo or redo. */
  forget(step: Step | undefined): void {
    for (const stack of [this.done, this.undone]) if (step && stack.includes(step)) stack.splice(stack.indexOf(step), 1);
  }

  /** The last step and the batches that undo it, with today's ids (it moves to the redo side). */
  undo(): { step?: Step; batches: Batch[] } {
    return this.move(this.done, this.undone, "undo");
  }

  redo(): { step?: Step; batches: Batch[] } {
    return this.move(this.undone, this.done, "redo");
  }

  /** The server named what the editor made: handles that stood for the editor's ids now stand for the server's. */
  renamed(ids: ReadonlyMap<string, string>): void {
    const standingIn = new Set(this.current.values());
    for (const [handle, id] of this.current) if (ids.has(id)) this.current.set(handle, ids.get(id)!);
    // An id the tab gave a new element or page is that one's handle, unless it stood in for an older handle.
    for (const [provisional, named] of ids) if (!standingIn.has(provisional) && !this.current.has(provisional)) this.current.set(provisional, named);
  }

  private move(from: Step[], to: Step[], side: "undo" | "redo"): { step?: Step; batches: Batch[] } {
    const step = from.pop();
    if (!step) return { batches: [] };
    to.push(step);
    return { step, batches: step[side].map((batch) => this.withIdsNow(batch)) };
  }

  private idNow = (handle: string) => this.current.get(handle) ?? handle;

  private asHandles(batch: Batch): Batch {
    const handleOf = new Map([...this.current].map(([handle, id]) => [id, handle]));
    const copy = structuredClone(batch);
    for (const operation of copy) renameIds(operation, (id) => handleOf.get(id) ?? id);
    return copy;
  }

  /** A step's batch for sending: handles become today's ids; what it makes gets a fresh id its handle now stands for. */
  private withIdsNow(batch: Batch): Batch {
    const copy = structuredClone(batch);
    for (const operation of copy) {
      const made = "addElement" in operation ? operation.addElement.elementId : "addPage" in operation ? operation.addPage.pageId : undefined;
      const fresh = made === undefined ? undefined : provisionalId();
      renameIds(operation, (id) => (id === made ? fresh! : this.idNow(id)));
      if (made !== undefined) this.current.set(made, fresh!);
    }
    return copy;
  }
}
