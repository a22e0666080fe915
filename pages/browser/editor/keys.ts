// The editor by keyboard: on the page, Tab and Shift+Tab go through its elements, arrows move the
// selected one (one edit once the keys rest), Enter edits text, Delete removes; anywhere, Ctrl+Z and Ctrl+Y.
import type { Editor } from "./editor.js";

/** Arrow presses closer together than this are one move (one edit). */
const NUDGE_REST_MS = 400;

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

const typing = (target: EventTarget | null) => target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

export function bindKeys(current: () => Editor | undefined, stage: HTMLElement): void {
  let nudgeTimer = 0;

  /** Moves the selection by (dx, dy) on screen now; the move is sent once the arrows rest. */
  function nudge(editor: Editor, dx: number, dy: number): void {
    const element = editor.selectedElement();
    if (!element) return;
    const box = editor.canvas.preview?.elementId === element.id ? editor.canvas.preview.box : element;
    editor.canvas.preview = { elementId: element.id, box: { x: box.x + dx, y: box.y + dy, width: box.width, height: box.height } };
    editor.boxShown(element.id, editor.canvas.preview.box, "move", false);
    editor.canvas.redraw();
    clearTimeout(nudgeTimer);
    nudgeTimer = window.setTimeout(() => editor.canvas.commitPreview(), NUDGE_REST_MS);
  }

  /** The next (or previous) element of the page; past the last, the selection ends and Tab leaves the page. */
  function step(editor: Editor, backwards: boolean): boolean {
    const elements = editor.page()?.elements ?? [];
    const at = elements.findIndex((element) => element.id === editor.selected());
    const next = at === -1 ? (backwards ? elements.length - 1 : 0) : at + (backwards ? -1 : 1);
    editor.select(elements[next]?.id);
    return next >= 0 && next < elements.length;
  }

  stage.addEventListener("keydown", (event) => {
    const editor = current();
    if (!editor || typing(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    const arrow = ARROWS[event.key];
    const selected = editor.selectedElement();
    if (event.key === "Tab") {
      if (step(editor, event.shiftKey)) event.preventDefault();
    } else if (arrow && selected) {
      event.preventDefault();
      const by = event.shiftKey ? 10 : 1;
      nudge(editor, arrow[0] * by, arrow[1] * by);
    } else if ((event.key === "Delete" || event.key === "Backspace") && selected) {
      event.preventDefault();
      editor.deleteSelected();
    } else if (event.key === "Enter" && selected?.kind === "text") {
      event.preventDefault();
      editor.canvas.editText(selected.id);
    } else if (event.key === "Escape") {
      editor.select(undefined);
    }
  });

  document.addEventListener("keydown", (event) => {
    const editor = current();
    if (!editor || typing(event.target) || !(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) {
      event.preventDefault();
      editor.undo();
    } else if (key === "y" || (key === "z" && event.shiftKey)) {
      event.preventDefault();
      editor.redo();
    }
  });
}
