import type { DesignElement, DesignPage, Prisma } from "../../../../generated/prisma/client.js";
import { ConflictError, NotFoundError, ValidationError } from "../../../../lib/errors.js";
import { newId } from "../designs.js";
import { imageAssetOf } from "../from-asset.js";
import { PAGE_NUMBERS_MAX } from "../page-copies.js";
import { changesFor, newElementColumns } from "./element-rules.js";
import type { AddElementInput, ElementChanges, Operation } from "./operations.js";

/** An operation as applied and recorded (`DesignOperation` of the graph): one field set, ids and defaults filled in. */
export type AppliedOperation = Record<string, unknown>;

interface PageState extends Pick<DesignPage, "id" | "width" | "height"> {
  /** Its number before the edit (null for a page the edit adds). */
  storedIndex: number | null;
  /** The version it last changed at before the edit (what `baseVersion` is compared with). */
  storedVersion: number;
}

interface ElementState extends DesignElement {
  removed?: boolean;
}

export interface EditLimits {
  elementsPerPage: number;
}

interface EditedDesign {
  id: string;
  teamId: string;
  /** The size `addPage` gives a page when none is asked for. */
  defaultSize: { width: number; height: number };
}

export interface EditRequest {
  design: EditedDesign;
  /** The version the edit makes. */
  version: number;
  baseVersion: number | null;
  limits: EditLimits;
}

/** What one edit needs to know and does: the design's pages in order and the elements it touches, in one transaction. */
export class DesignEditSession {
  readonly applied: AppliedOperation[] = [];
  readonly createdElementIds: string[] = [];
  readonly createdPageIds: string[] = [];
  readonly changedElementIds = new Set<string>();
  readonly removedElementIds = new Set<string>();
  title: string | undefined;
  /** Whether the edit added elements or set text: what the design holds is checked against its budgets then. */
  contentGrew = false;
  private readonly elementsOnPage = new Map<string, { count: number; topZ: number | null }>();

  private readonly tx: Prisma.TransactionClient;
  private readonly design: EditedDesign;
  private readonly pages: PageState[];
  private readonly elements: Map<string, ElementState>;
  /** The version this edit makes. */
  readonly version: number;
  private readonly baseVersion: number | null;
  private readonly limits: EditLimits;

  private constructor(tx: Prisma.TransactionClient, edit: EditRequest, pages: PageState[], elements: Map<string, ElementState>) {
    this.tx = tx;
    this.design = edit.design;
    this.version = edit.version;
    this.baseVersion = edit.baseVersion;
    this.limits = edit.limits;
    this.pages = pages;
    this.elements = elements;
  }

  /** Reads the design's pages and the elements the operations name (the design's row is locked already). */
  static async open(tx: Prisma.TransactionClient, edit: EditRequest, operations: readonly Operation[]): Promise<DesignEditSession> {
    const pages = await tx.designPage.findMany({ where: { designId: edit.design.id }, orderBy: { index: "asc" }, select: { id: true, index: true, width: true, height: true, version: true } });
    const elementIds = operations.flatMap((operation) => (operation.kind === "updateElement" || operation.kind === "deleteElement" ? [operation.elementId] : []));
    const elements = elementIds.length ? await tx.designElement.findMany({ where: { id: { in: [...new Set(elementIds)] }, page: { designId: edit.design.id } } }) : [];
    return new DesignEditSession(
      tx,
      edit,
      pages.map(({ index, version, ...page }) => ({ ...page, storedIndex: index, storedVersion: version })),
      new Map(elements.map((element) => [element.id, element])),
    );
  }

  async apply(operation: Operation): Promise<void> {
    switch (operation.kind) {
      case "addElement":
        return this.addElement(operation.input);
      case "updateElement":
        return this.updateElement(operation.elementId, operation.changes);
      case "deleteElement":
        return this.deleteElement(operation.elementId);
      case "addPage":
        return this.addPage(operation);
      case "deletePage":
        return this.deletePage(operation.pageId);
      case "movePage":
        return this.movePage(operation.pageId, operation.index);
      case "resizePage":
        return this.resizePage(operation.pageId, operation.width, operation.height);
      case "setTitle":
        this.title = operation.title;
        this.applied.push({ setTitle: operation.title });
    }
  }

  /** Gives every page its final number (two steps: a page's number is unique in its design at every moment). */
  async renumberPages(): Promise<void> {
    const moved = this.pages.map((page, i) => ({ id: page.id, index: i + 1, stored: page.storedIndex })).filter((page) => page.index !== page.stored);
    if (moved.length === 0) return;
    for (const [ids, indexes] of [[moved.map((page) => page.id), moved.map((page) => -page.index)], [moved.map((page) => page.id), moved.map((page) => page.index)]] as const) {
      await this.tx.$executeRaw`UPDATE design_pages AS p SET "index" = v.i FROM (SELECT unnest(${ids}::text[]) AS id, unnest(${indexes}::int[]) AS i) AS v WHERE p.id = v.id`;
    }
  }

  private page(pageId: string): PageState {
    const page = this.pages.find((one) => one.id === pageId);
    if (!page) throw new NotFoundError("Page not found", { entity: "page" });
    return page;
  }

  private element(elementId: string): ElementState {
    const element = this.elements.get(elementId);
    if (!element || element.removed) throw new NotFoundError("Element not found", { entity: "element" });
    return element;
  }

  /** With `baseVersion`: something changed after it (by another edit) is a conflict. */
  private checkUnchanged(storedVersion: number, what: string): void {
    if (this.baseVersion !== null && storedVersion > this.baseVersion) {
      throw new ConflictError(`The ${what} changed after version ${this.baseVersion}`, { version: this.version - 1 });
    }
  }

  private async room(pageId: string): Promise<{ count: number; topZ: number | null }> {
    let room = this.elementsOnPage.get(pageId);
    if (!room) {
      const { _count, _max } = await this.tx.designElement.aggregate({ where: { pageId }, _count: true, _max: { z: true } });
      this.elementsOnPage.set(pageId, (room = { count: _count, topZ: _max.z }));
    }
    return room;
  }

  private async addElement(input: AddElementInput): Promise<void> {
    const page = this.page(input.pageId);
    const columns = newElementColumns(input);
    if (columns.kind === "image") await imageAssetOf(this.tx, columns.assetId!, this.design.teamId);
    const room = await this.room(page.id);
    if (room.count >= this.limits.elementsPerPage) throw new ValidationError("pageId", `a page holds at most ${this.limits.elementsPerPage} elements`);
    const z = input.z ?? (room.topZ === null ? 0 : room.topZ + 1);
    const id = newId("E");
    await this.tx.designElement.create({ data: { id, pageId: page.id, z, version: this.version, ...columns } });
    room.count++;
    room.topZ = Math.max(room.topZ ?? z, z);
    this.contentGrew = true;
    this.createdElementIds.push(id);
    this.changedElementIds.add(id);
    this.applied.push({ addElement: { elementId: id, pageId: page.id, z, ...columns } });
  }

  private async updateElement(elementId: string, requested: ElementChanges): Promise<void> {
    const element = this.element(elementId);
    this.checkUnchanged(element.version, "element");
    const changes = changesFor(element, requested);
    await this.tx.designElement.update({ where: { id: elementId }, data: { ...changes, version: this.version } });
    Object.assign(element, changes);
    if (changes.text !== undefined) this.contentGrew = true;
    if (changes.z !== undefined) {
      const room = await this.room(element.pageId);
      room.topZ = Math.max(room.topZ ?? changes.z!, changes.z!);
    }
    this.changedElementIds.add(elementId);
    this.applied.push({ updateElement: { elementId, ...changes } });
  }

  private async deleteElement(elementId: string): Promise<void> {
    const element = this.element(elementId);
    this.checkUnchanged(element.version, "element");
    await this.tx.designElement.delete({ where: { id: elementId } });
    element.removed = true;
    const room = this.elementsOnPage.get(element.pageId);
    if (room) room.count--;
    this.removed(elementId);
    this.applied.push({ deleteElement: elementId });
  }

  private removed(elementId: string): void {
    this.changedElementIds.delete(elementId);
    this.removedElementIds.add(elementId);
  }

  private async addPage({ index, width, height }: { index: number | null; width: number | null; height: number | null }): Promise<void> {
    if (this.pages.length >= PAGE_NUMBERS_MAX) throw new ValidationError("addPage", `a design has at most ${PAGE_NUMBERS_MAX} pages`);
    const at = index ?? this.pages.length + 1;
    if (at > this.pages.length + 1) throw new ValidationError("index", `index must be 1 to ${this.pages.length + 1}`);
    const page = { id: newId("P"), width: width ?? this.design.defaultSize.width, height: height ?? this.design.defaultSize.height, storedIndex: null, storedVersion: 0 };
    // A number no page has while the edit runs (negative, unique per page added); `renumberPages` gives the real one.
    await this.tx.designPage.create({ data: { id: page.id, designId: this.design.id, index: -PAGE_NUMBERS_MAX - this.createdPageIds.length - 1, width: page.width, height: page.height, version: this.version } });
    this.pages.splice(at - 1, 0, page);
    this.createdPageIds.push(page.id);
    this.applied.push({ addPage: { pageId: page.id, index: at, width: page.width, height: page.height } });
  }

  private async deletePage(pageId: string): Promise<void> {
    const page = this.page(pageId);
    this.checkUnchanged(page.storedVersion, "page");
    if (this.pages.length === 1) throw new ValidationError("deletePage", "a design keeps at least one page");
    const onPage = await this.tx.designElement.findMany({ where: { pageId }, select: { id: true } });
    await this.tx.designPage.delete({ where: { id: pageId } });
    for (const { id } of onPage) {
      this.removed(id);
      const loaded = this.elements.get(id);
      if (loaded) loaded.removed = true;
    }
    this.pages.splice(this.pages.indexOf(page), 1);
    this.applied.push({ deletePage: pageId });
  }

  private async movePage(pageId: string, index: number): Promise<void> {
    const page = this.page(pageId);
    this.checkUnchanged(page.storedVersion, "page");
    if (index > this.pages.length) throw new ValidationError("index", `index must be 1 to ${this.pages.length}`);
    this.pages.splice(this.pages.indexOf(page), 1);
    this.pages.splice(index - 1, 0, page);
    await this.tx.designPage.update({ where: { id: pageId }, data: { version: this.version } });
    this.applied.push({ movePage: { pageId, index } });
  }

  private async resizePage(pageId: string, width: number, height: number): Promise<void> {
    const page = this.page(pageId);
    this.checkUnchanged(page.storedVersion, "page");
    await this.tx.designPage.update({ where: { id: pageId }, data: { width, height, version: this.version } });
    Object.assign(page, { width, height });
    this.applied.push({ resizePage: { pageId, width, height } });
  }
}
