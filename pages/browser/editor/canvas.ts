// The current page drawn by the platform's own renderer (as thumbnails and exports draw it), with the
// selection and its handles over it; dragging moves or resizes, a double click (or tap) edits text.
import { pageSvg } from "../../../subgraphs/designs/domain/render/page-svg.js";
import type { Batch, Element, Page } from "./model.js";
import { grownToFit, textExtent } from "./text-fit.js";

const SVG = "http://www.w3.org/2000/svg";
/** A handle's side on screen, in CSS pixels. */
const HANDLE_PX = 10;
/** Room kept around the page on the stage, in CSS pixels. */
const MARGIN_PX = 24;
/** Two presses closer together than this are a double click. */
const DOUBLE_PRESS_MS = 500;
const HANDLES = ["nw", "n", "ne", "e", "se", "s", "sw", "w"] as const;
type Handle = (typeof HANDLES)[number];

export type Box = Pick<Element, "x" | "y" | "width" | "height">;

export interface CanvasHost {
  /** The page shown, as the design now is (own edits included). */
  page(): Page | undefined;
  pageNumber(): number;
  selected(): string | undefined;
  select(elementId: string | undefined): void;
  /** The `href` of each image element that can be drawn (the others are placeholders). */
  images(): ReadonlyMap<string, string>;
  edit(batch: Batch): void;
  /** A drag or a nudge shows the element in `box` now (`done`: let go, and sent as an edit). */
  boxShown(elementId: string, box: Box, how: "move" | "resize", done: boolean): void;
}

interface Gesture {
  elementId: string;
  handle?: Handle;
  pointerId: number;
  start: { x: number; y: number };
  origin: Box;
  /** The least a resize may leave: a pixel, or all of a text box's words. */
  least: { width: number; height: number };
}

/** The box `handle` dragged by (dx, dy) makes: the opposite sides stay, never smaller than `least`. */
function resized(box: Box, handle: Handle, dx: number, dy: number, least: { width: number; height: number }): Box {
  let { x, y, width, height } = box;
  if (handle.includes("w")) [x, width] = [Math.min(x + dx, x + width - least.width), Math.max(least.width, width - dx)];
  if (handle.includes("e")) width = Math.max(least.width, width + dx);
  if (handle.includes("n")) [y, height] = [Math.min(y + dy, y + height - least.height), Math.max(least.height, height - dy)];
  if (handle.includes("s")) height = Math.max(least.height, height + dy);
  return { x, y, width, height };
}

function handleCentre(box: Box, handle: Handle): { x: number; y: number } {
  const x = handle.includes("w") ? box.x : handle.includes("e") ? box.x + box.width : box.x + box.width / 2;
  const y = handle.includes("n") ? box.y : handle.includes("s") ? box.y + box.height : box.y + box.height / 2;
  return { x, y };
}

const svgNode = (name: string, attributes: Record<string, string | number>) => {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
};

export class Canvas {
  /** A box shown instead of the element's own while it is dragged or nudged (sent as one edit at the end). */
  preview: { elementId: string; box: Box } | undefined;
  private readonly stage: HTMLElement;
  private readonly host: CanvasHost;
  private sheet: HTMLElement | undefined;
  private scale = 1;
  private gesture: Gesture | undefined;
  private textEditor: HTMLTextAreaElement | undefined;
  private frame = 0;
  private lastPress: { elementId: string; at: number } | undefined;

  constructor(stage: HTMLElement, host: CanvasHost) {
    this.stage = stage;
    this.host = host;
    stage.addEventListener("pointerdown", (event) => this.pointerDown(event));
    stage.addEventListener("pointermove", (event) => this.pointerMove(event));
    stage.addEventListener("pointerup", (event) => this.pointerUp(event));
    stage.addEventListener("pointercancel", () => this.cancelGesture());
    new ResizeObserver(() => this.draw()).observe(stage);
  }

  /** Draws again at the next frame (many changes in one frame draw once). */
  redraw(): void {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.draw());
  }

  /** The elements as shown: the previewed one in its previewed box. */
  private elements(page: Page): Element[] {
    return page.elements.map((element) => (this.preview?.elementId === element.id ? { ...element, ...this.preview.box } : element));
  }

  draw(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    const page = this.host.page();
    if (!page) return void this.sheet?.remove();
    const room = this.stage.getBoundingClientRect();
    this.scale = Math.max(0.01, Math.min((room.width - MARGIN_PX * 2) / page.width, (room.height - MARGIN_PX * 2) / page.height));
    const target = { width: Math.max(1, Math.round(page.width * this.scale)), height: Math.max(1, Math.round(page.height * this.scale)) };
    // The renderer escapes every text and accepts only checked colours and numbers: its SVG is parsed, not pasted as HTML.
    const parsed = new DOMParser().parseFromString(pageSvg(page, this.elements(page), this.host.images(), target), "image/svg+xml").documentElement;
    const drawing = document.importNode(parsed, true);
    drawing.setAttribute("role", "img");
    drawing.setAttribute("aria-label", `Page ${this.host.pageNumber()}, ${page.width} × ${page.height} pixels, ${page.elements.length} element${page.elements.length === 1 ? "" : "s"}`);
    const sheet = document.createElement("div");
    sheet.className = "sheet";
    sheet.style.width = `${target.width}px`;
    sheet.style.height = `${target.height}px`;
    sheet.append(drawing, this.overlay(page, target));
    // Only the drawing is replaced: a text being edited beside it keeps its focus.
    if (this.sheet?.parentNode === this.stage) this.sheet.replaceWith(sheet);
    else this.stage.prepend(sheet);
    this.sheet = sheet;
    if (this.textEditor) this.placeTextEditor();
  }

  /** The selection's outline and handles, in page pixels over the drawing. */
  private overlay(page: Page, target: { width: number; height: number }): SVGElement {
    const overlay = svgNode("svg", { class: "overlay", width: target.width, height: target.height, viewBox: `0 0 ${page.width} ${page.height}`, "aria-hidden": "true" });
    const box = this.selectedBox(page);
    if (!box) return overlay;
    overlay.append(svgNode("rect", { class: "outline", x: box.x, y: box.y, width: box.width, height: box.height }));
    const side = HANDLE_PX / this.scale;
    for (const handle of HANDLES) {
      const centre = handleCentre(box, handle);
      overlay.append(svgNode("rect", { class: `handle ${handle}`, "data-handle": handle, x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side }));
    }
    return overlay;
  }

  private selectedBox(page: Page): Box | undefined {
    const id = this.host.selected();
    return this.elements(page).find((element) => element.id === id);
  }

  private pagePoint(event: { clientX: number; clientY: number }): { x: number; y: number } {
    const origin = this.sheet?.getBoundingClientRect() ?? { left: 0, top: 0 };
    return { x: (event.clientX - origin.left) / this.scale, y: (event.clientY - origin.top) / this.scale };
  }

  /** The topmost element under a point of the page. */
  private elementAt(point: { x: number; y: number }): Element | undefined {
    const page = this.host.page();
    return page && this.elements(page).findLast((one) => point.x >= one.x && point.x <= one.x + one.width && point.y >= one.y && point.y <= one.y + one.height);
  }

  private handleAt(point: { x: number; y: number }): Handle | undefined {
    const page = this.host.page();
    const box = page && this.selectedBox(page);
    if (!box) return undefined;
    const reach = (HANDLE_PX * 0.75) / this.scale;
    return HANDLES.find((handle) => {
      const centre = handleCentre(box, handle);
      return Math.abs(point.x - centre.x) <= reach && Math.abs(point.y - centre.y) <= reach;
    });
  }

  private pointerDown(event: PointerEvent): void {
    if (event.button !== 0 || event.target === this.textEditor) return;
    const point = this.pagePoint(event);
    const handle = this.handleAt(point);
    const element = handle ? this.host.page()?.elements.find((one) => one.id === this.host.selected()) : this.elementAt(point);
    this.host.select(element?.id);
    if (!element) return;
    event.preventDefault();
    // A second press on the same text box soon after the first (a double click, or a double tap on a tablet) edits its text.
    const again = this.lastPress?.elementId === element.id && event.timeStamp - this.lastPress.at < DOUBLE_PRESS_MS;
    this.lastPress = { elementId: element.id, at: event.timeStamp };
    if (again && element.kind === "text" && !handle) return this.editText(element.id);
    this.stage.focus({ preventScroll: true });
    this.stage.setPointerCapture(event.pointerId);
    const origin = { x: element.x, y: element.y, width: element.width, height: element.height };
    // A text box is never made smaller than its words (the renderer would cut them off).
    const least = element.kind === "text" && handle ? textExtent(element.text ?? "", element.fontSize ?? 32) : { width: 1, height: 1 };
    this.gesture = { elementId: element.id, handle, pointerId: event.pointerId, start: point, origin, least };
  }

  private pointerMove(event: PointerEvent): void {
    const gesture = this.gesture;
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    const point = this.pagePoint(event);
    const [dx, dy] = [Math.round(point.x - gesture.start.x), Math.round(point.y - gesture.start.y)];
    const box = gesture.handle ? resized(gesture.origin, gesture.handle, dx, dy, gesture.least) : { ...gesture.origin, x: gesture.origin.x + dx, y: gesture.origin.y + dy };
    this.preview = { elementId: gesture.elementId, box };
    this.host.boxShown(gesture.elementId, box, gesture.handle ? "resize" : "move", false);
    this.redraw();
  }

  /** The end of a drag: one edit with what changed (nothing if the element did not move). */
  private pointerUp(event: PointerEvent): void {
    const gesture = this.gesture;
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    this.gesture = undefined;
    this.commitPreview();
  }

  private cancelGesture(): void {
    this.gesture = undefined;
    this.preview = undefined;
    this.redraw();
  }

  /** The server named elements the editor made: a drag, a nudge or a text edit of one goes on with its new id. */
  renamed(ids: ReadonlyMap<string, string>): void {
    const now = (id: string) => ids.get(id) ?? id;
    if (this.preview) this.preview.elementId = now(this.preview.elementId);
    if (this.gesture) this.gesture.elementId = now(this.gesture.elementId);
    if (this.lastPress) this.lastPress.elementId = now(this.lastPress.elementId);
    if (this.textEditor) this.textEditor.dataset.elementId = now(this.textEditor.dataset.elementId ?? "");
  }

  /** Sends the previewed box as one `updateElement` of the properties that changed. */
  commitPreview(): void {
    const preview = this.preview;
    this.preview = undefined;
    const element = preview && this.host.page()?.elements.find((one) => one.id === preview.elementId);
    if (!preview || !element) return this.redraw();
    const changes = Object.fromEntries((["x", "y", "width", "height"] as const).filter((key) => preview.box[key] !== element[key]).map((key) => [key, preview.box[key]]));
    if (Object.keys(changes).length) {
      this.host.edit([{ updateElement: { elementId: element.id, ...changes } }]);
      this.host.boxShown(element.id, preview.box, "width" in changes || "height" in changes ? "resize" : "move", true);
    }
    this.redraw();
  }

  /**
   * A text box's own text in place, over the drawing: Enter keeps it, Shift+Enter starts a new line,
   * Escape leaves it. The box grows with the words (the editor's field while typing, the element when kept).
   */
  editText(elementId: string): void {
    const element = this.host.page()?.elements.find((one) => one.id === elementId && one.kind === "text");
    if (!element) return;
    this.textEditor?.remove();
    const editor = document.createElement("textarea");
    editor.className = "text-editor";
    editor.value = element.text ?? "";
    editor.wrap = "off";
    editor.dataset.elementId = elementId;
    editor.setAttribute("aria-label", "Text of the element (Enter keeps it, Escape cancels)");
    let done = false;
    const finish = (keep: boolean) => {
      if (done) return;
      done = true;
      this.textEditor = undefined;
      editor.remove();
      const editedId = editor.dataset.elementId ?? elementId;
      const now = this.host.page()?.elements.find((one) => one.id === editedId) ?? element;
      const page = this.host.page() ?? now;
      if (keep && editor.value !== element.text && editor.value.length >= 1 && editor.value.length <= 10_000) {
        this.host.edit([{ updateElement: { elementId: editedId, text: editor.value, ...grownToFit(now, editor.value, now.fontSize ?? 32, page) } }]);
      }
      this.stage.focus({ preventScroll: true });
      this.redraw();
    };
    editor.addEventListener("keydown", (event) => {
      event.stopPropagation();
      if (event.key === "Enter" && !event.shiftKey) (event.preventDefault(), finish(true));
      if (event.key === "Escape") (event.preventDefault(), finish(false));
    });
    editor.addEventListener("blur", () => finish(true));
    editor.addEventListener("input", () => this.placeTextEditor());
    this.textEditor = editor;
    this.stage.append(editor);
    this.placeTextEditor();
    editor.focus();
    editor.select();
  }

  private placeTextEditor(): void {
    const editor = this.textEditor;
    const element = editor && this.host.page()?.elements.find((one) => one.id === editor.dataset.elementId);
    if (!editor || !element || !this.sheet) return;
    const stage = this.stage.getBoundingClientRect();
    const sheet = this.sheet.getBoundingClientRect();
    editor.style.left = `${sheet.left - stage.left + element.x * this.scale}px`;
    editor.style.top = `${sheet.top - stage.top + element.y * this.scale}px`;
    const words = textExtent(editor.value, element.fontSize ?? 32);
    editor.style.width = `${Math.max(40, Math.max(element.width, words.width) * this.scale)}px`;
    editor.style.height = `${Math.max(24, Math.max(element.height, words.height) * this.scale)}px`;
    editor.style.fontSize = `${Math.max(10, (element.fontSize ?? 32) * this.scale)}px`;
  }
}
