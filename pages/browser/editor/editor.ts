// The editor's state (the page shown, the element selected) and what its tools do: each tool's action is
// one edit, shown at once and undoable.
import { Canvas, type Box, type CanvasHost } from "./canvas.js";
import type { GraphError, Graph, TeamImage } from "./graph.js";
import { History, provisionalId, type Step } from "./history.js";
import { ImageSources } from "./images.js";
import { LiveDesign } from "./live-design.js";
import { findElement, findPage, type AddElement, type Batch, type DesignState, type Element, type Page } from "./model.js";
import { PageStrip, type StripHost } from "./strip.js";

export interface EditorParts {
  stage: HTMLElement;
  pageList: HTMLOListElement;
  title: HTMLElement;
  /** Says something to the user (a polite live region). */
  say(text: string): void;
  /** The tools' state changed (what can be undone, whether something is selected, the page shown). */
  toolsChanged(editor: Editor): void;
  /** The graph refused the token, or live updates stopped for good. */
  failed(error: GraphError): void;
}

const named = (element: Element) =>
  element.kind === "text" ? `Text “${(element.text ?? "").slice(0, 40)}”` : element.kind === "image" ? "Image" : element.shape === "ellipse" ? "Ellipse" : "Rectangle";
const describe = (element: Element) => `${named(element)} at ${element.x}, ${element.y}, ${element.width} × ${element.height}`;

export class Editor implements CanvasHost, StripHost {
  readonly canvas: Canvas;
  readonly history = new History();
  private readonly live: LiveDesign;
  private readonly strip: PageStrip;
  private readonly sources: ImageSources;
  private readonly parts: EditorParts;
  private pageId: string | undefined;
  private selection: string | undefined;

  constructor(graph: Graph, initial: DesignState, parts: EditorParts) {
    this.parts = parts;
    this.sources = new ImageSources(graph, () => this.refresh());
    this.live = new LiveDesign(graph, initial, {
      changed: () => this.refresh(),
      renamed: (ids) => {
        this.history.renamed(ids);
        this.canvas.renamed(ids);
        this.selection = this.selection && (ids.get(this.selection) ?? this.selection);
        this.pageId = this.pageId && (ids.get(this.pageId) ?? this.pageId);
      },
      failed: (error) => parts.failed(error),
    });
    this.pageId = initial.pages[0]?.id;
    this.canvas = new Canvas(parts.stage, this);
    this.strip = new PageStrip(parts.pageList, this);
    this.refresh();
  }

  get design(): DesignState {
    return this.live.shown;
  }

  pages = () => this.design.pages;
  page = () => findPage(this.design, this.pageId ?? "") ?? this.design.pages[0];
  pageNumber = () => this.design.pages.indexOf(this.page()!) + 1;
  currentPageId = () => this.page()?.id;
  selected = () => this.selection;
  selectedElement = () => (this.selection ? this.page()?.elements.find((element) => element.id === this.selection) : undefined);
  images = () => this.sources.of(this.design.pages);

  select(elementId: string | undefined): void {
    if (elementId === this.selection) return;
    this.canvas.commitPreview();
    this.selection = elementId;
    const element = this.selectedElement();
    this.parts.say(element ? `${describe(element)} selected` : "Nothing selected");
    this.refresh();
  }

  /** The status line follows a drag or a nudge: where the element is going, then where it went. */
  boxShown(elementId: string, box: Box, how: "move" | "resize", done: boolean): void {
    const element = this.page()?.elements.find((one) => one.id === elementId);
    if (!element) return;
    const to = how === "move" ? `${box.x}, ${box.y}` : `${box.width} × ${box.height}`;
    if (done) this.parts.say(`${named(element)} ${how === "move" ? "moved" : "resized"} to ${to}`);
    else this.parts.say(`${how === "move" ? "Moving" : "Resizing"} ${named(element)} to ${to}`);
  }

  showPage(pageId: string): void {
    this.canvas.commitPreview();
    this.pageId = pageId;
    this.selection = undefined;
    this.parts.say(`Page ${this.pageNumber()} of ${this.design.pages.length}`);
    this.refresh();
  }

  private refresh(): void {
    if (this.selection && !findElement(this.design, this.selection)) this.selection = undefined;
    this.parts.title.textContent = this.design.title;
    document.title = `${this.design.title} · Design editor`;
    this.canvas.redraw();
    this.strip.draw();
    this.parts.toolsChanged(this);
  }

  /** An own edit: shown at once, sent in order, undoable (unless the server refuses it). */
  edit(batch: Batch): void {
    this.send(batch, this.history.record(this.design, batch), "Not saved");
  }

  private send(batch: Batch, step: Step | undefined, failure: string): void {
    void this.live.edit(batch).then((refusal) => {
      if (!refusal) return;
      this.history.forget(step);
      this.parts.say(`${failure}: ${refusal.message}`);
      this.parts.toolsChanged(this);
    });
  }

  undo(): void {
    this.replay(this.history.undo(), "Undone", "Could not undo");
  }

  redo(): void {
    this.replay(this.history.redo(), "Redone", "Could not redo");
  }

  private replay({ step, batches }: { step?: Step; batches: Batch[] }, done: string, failure: string): void {
    this.canvas.commitPreview();
    for (const batch of batches) this.send(batch, step, failure);
    this.parts.say(step ? done : "Nothing to do");
  }

  /** A new element of `kind` in the middle of the page, selected. */
  add(kind: "text" | "rect" | "ellipse"): void {
    const page = this.page();
    if (!page) return;
    const side = Math.max(1, Math.round(Math.min(page.width, page.height) / 4));
    const add: AddElement =
      kind === "text"
        ? { elementId: provisionalId(), pageId: page.id, kind: "text", x: 0, y: 0, width: Math.round(page.width / 3), height: Math.round(page.height / 8), text: "Text", fontSize: Math.max(12, Math.round(page.height / 16)), color: "#1d1d1f" }
        : { elementId: provisionalId(), pageId: page.id, kind: "shape", x: 0, y: 0, width: side, height: side, shape: kind, fill: kind === "rect" ? "#4f7cff" : "#ff8a3d" };
    this.place(page, add);
  }

  /** One of the team's images, fitted into half the page (its aspect kept), in the middle, selected. */
  addImage(image: TeamImage): void {
    const page = this.page();
    if (!page) return;
    const aspect = image.thumbnail ? image.thumbnail.width / image.thumbnail.height : 1;
    const width = Math.max(1, Math.round(Math.min(page.width / 2, (page.height / 2) * aspect)));
    this.place(page, { elementId: provisionalId(), pageId: page.id, kind: "image", x: 0, y: 0, width, height: Math.max(1, Math.round(width / aspect)), assetId: image.id });
  }

  private place(page: Page, add: AddElement): void {
    add.x = Math.round((page.width - add.width) / 2);
    add.y = Math.round((page.height - add.height) / 2);
    this.edit([{ addElement: add }]);
    this.select(add.elementId);
  }

  deleteSelected(): void {
    const element = this.selectedElement();
    if (!element) return;
    this.edit([{ deleteElement: element.id }]);
    this.parts.say(`${describe(element)} deleted`);
  }

  /** A page of the current one's size right after it, shown. */
  addPage(): void {
    const page = this.page();
    const pageId = provisionalId();
    this.edit([{ addPage: { pageId, index: this.pageNumber() + 1, width: page?.width, height: page?.height } }]);
    this.showPage(pageId);
  }

  /** The current page one place earlier (-1) or later (+1). */
  movePage(by: -1 | 1): void {
    const page = this.page();
    const index = this.pageNumber() + by;
    if (!page || index < 1 || index > this.design.pages.length) return;
    this.edit([{ movePage: { pageId: page.id, index } }]);
    this.parts.say(`Page moved to position ${index}`);
  }

  deletePage(): void {
    const page = this.page();
    if (!page || this.design.pages.length < 2) return;
    const next = this.design.pages[this.pageNumber()] ?? this.design.pages[this.pageNumber() - 2];
    this.edit([{ deletePage: page.id }]);
    this.showPage(next.id);
  }
}
