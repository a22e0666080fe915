// The editor's copy of a design, and the operations of `editDesign` / `designChanged` applied to it.
import type { DrawnElement } from "../../../subgraphs/designs/domain/render/page-svg.js";

export interface Element extends DrawnElement {
  z: number;
  assetId: string | null;
}

export interface Page {
  id: string;
  width: number;
  height: number;
  /** Back to front, as the server orders them (ascending `z`, then id). */
  elements: Element[];
}

export interface DesignState {
  title: string;
  version: number;
  /** In page order (the first is page 1). */
  pages: Page[];
}

export interface AddElement {
  /** The id the element has here: the server's, or until it answers one of the editor's own (`new-…`). */
  elementId: string;
  pageId: string;
  kind: Element["kind"];
  x: number;
  y: number;
  width: number;
  height: number;
  z?: number;
  text?: string;
  fontSize?: number;
  color?: string;
  shape?: "rect" | "ellipse";
  fill?: string;
  assetId?: string;
}

export type ElementChanges = Partial<Pick<Element, "x" | "y" | "width" | "height" | "z">> & { text?: string; fontSize?: number; color?: string; fill?: string };
export type UpdateElement = ElementChanges & { elementId: string };

export interface AddPage {
  pageId: string;
  index?: number;
  width?: number;
  height?: number;
}

/** One change of a design, as `DesignOperationInput` (and `DesignOperation`) have it: exactly one field. */
export type Operation =
  | { addElement: AddElement }
  | { updateElement: UpdateElement }
  | { deleteElement: string }
  | { addPage: AddPage }
  | { deletePage: string }
  | { movePage: { pageId: string; index: number } }
  | { resizePage: { pageId: string; width: number; height: number } }
  | { setTitle: string };

/** The operations of one `editDesign` call. */
export type Batch = Operation[];

/** An accepted edit of the design (`DesignChange`): the version it made and its operations. */
export interface Change {
  version: number;
  operations: Operation[];
}

/** The properties an update may set, the kind-specific ones only on their kind. */
export const CHANGEABLE = ["x", "y", "width", "height", "z", "text", "fontSize", "color", "fill"] as const;

const byZ = (a: Element, b: Element) => a.z - b.z || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function findElement(state: DesignState, elementId: string): { page: Page; element: Element } | undefined {
  for (const page of state.pages) {
    const element = page.elements.find((one) => one.id === elementId);
    if (element) return { page, element };
  }
  return undefined;
}

export const findPage = (state: DesignState, pageId: string) => state.pages.find((page) => page.id === pageId);

/** The element an `addElement` makes, its defaults as the server fills them in. */
export function newElement(add: AddElement, page: Page): Element {
  const topZ = page.elements.length ? page.elements[page.elements.length - 1].z : -1;
  return {
    id: add.elementId,
    kind: add.kind,
    x: add.x,
    y: add.y,
    width: add.width,
    height: add.height,
    z: add.z ?? topZ + 1,
    text: add.kind === "text" ? (add.text ?? "") : null,
    fontSize: add.kind === "text" ? (add.fontSize ?? 32) : null,
    color: add.kind === "text" ? (add.color ?? "#000000") : null,
    shape: add.kind === "shape" ? (add.shape ?? "rect") : null,
    fill: add.kind === "shape" ? (add.fill ?? "#000000") : null,
    assetId: add.kind === "image" ? (add.assetId ?? null) : null,
  };
}

/**
 * Applies one operation to `state` (changed in place). One that no longer fits (an element someone
 * deleted meanwhile) changes nothing: the server's answer decides.
 */
export function applyOperation(state: DesignState, operation: Operation): void {
  if ("addElement" in operation) {
    const page = findPage(state, operation.addElement.pageId);
    if (!page || findElement(state, operation.addElement.elementId)) return;
    page.elements.push(newElement(operation.addElement, page));
    page.elements.sort(byZ);
  } else if ("updateElement" in operation) {
    const found = findElement(state, operation.updateElement.elementId);
    if (!found) return;
    for (const key of CHANGEABLE) {
      const value = operation.updateElement[key];
      if (value !== undefined && value !== null) (found.element as unknown as Record<string, unknown>)[key] = value;
    }
    found.page.elements.sort(byZ);
  } else if ("deleteElement" in operation) {
    const found = findElement(state, operation.deleteElement);
    if (found) found.page.elements.splice(found.page.elements.indexOf(found.element), 1);
  } else if ("addPage" in operation) {
    const { pageId, index, width, height } = operation.addPage;
    if (findPage(state, pageId)) return;
    const size = state.pages[0] ?? { width: 1080, height: 1080 };
    const at = Math.min(Math.max((index ?? state.pages.length + 1) - 1, 0), state.pages.length);
    state.pages.splice(at, 0, { id: pageId, width: width ?? size.width, height: height ?? size.height, elements: [] });
  } else if ("deletePage" in operation) {
    const page = findPage(state, operation.deletePage);
    if (page && state.pages.length > 1) state.pages.splice(state.pages.indexOf(page), 1);
  } else if ("movePage" in operation) {
    const page = findPage(state, operation.movePage.pageId);
    if (!page) return;
    state.pages.splice(state.pages.indexOf(page), 1);
    state.pages.splice(Math.min(Math.max(operation.movePage.index - 1, 0), state.pages.length), 0, page);
  } else if ("resizePage" in operation) {
    const page = findPage(state, operation.resizePage.pageId);
    if (page) Object.assign(page, { width: operation.resizePage.width, height: operation.resizePage.height });
  } else if ("setTitle" in operation) {
    state.title = operation.setTitle;
  }
}

export const copyOf = (state: DesignState): DesignState => structuredClone(state);

/** Every id an operation names (the ids it makes too), renamed by `rename` (in place). */
export function renameIds(operation: Operation, rename: (id: string) => string): void {
  if ("addElement" in operation) {
    operation.addElement.elementId = rename(operation.addElement.elementId);
    operation.addElement.pageId = rename(operation.addElement.pageId);
  } else if ("updateElement" in operation) operation.updateElement.elementId = rename(operation.updateElement.elementId);
  else if ("deleteElement" in operation) operation.deleteElement = rename(operation.deleteElement);
  else if ("addPage" in operation) operation.addPage.pageId = rename(operation.addPage.pageId);
  else if ("deletePage" in operation) operation.deletePage = rename(operation.deletePage);
  else if ("movePage" in operation) operation.movePage.pageId = rename(operation.movePage.pageId);
  else if ("resizePage" in operation) operation.resizePage.pageId = rename(operation.resizePage.pageId);
}

/** A batch as `editDesign` takes it: the ids the server gives (of new elements and pages) left out. */
export function asInput(batch: Batch): Record<string, unknown>[] {
  return batch.map((operation) => {
    if ("addElement" in operation) {
      const { elementId: _made, ...input } = operation.addElement;
      return { addElement: input };
    }
    if ("addPage" in operation) {
      const { pageId: _made, ...input } = operation.addPage;
      return { addPage: input };
    }
    return operation;
  });
}

/** A `DesignOperation` of the graph (fields not set are null) as an operation here. */
export function fromGraph(operation: Record<string, unknown>): Operation | undefined {
  for (const [field, value] of Object.entries(operation)) {
    if (value === null || value === undefined) continue;
    if (typeof value !== "object") return { [field]: value } as Operation;
    const set = Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, one]) => one !== null));
    return { [field]: set } as Operation;
  }
  return undefined;
}
