// The design's pages as a strip of small drawings (the same renderer as the stage): pick one to edit it.
import { pageSvg } from "../../../subgraphs/designs/domain/render/page-svg.js";
import type { Page } from "./model.js";

/** A page's drawing in the strip fits a square of this side, in CSS pixels. */
const PREVIEW_PX = 96;

export interface StripHost {
  pages(): Page[];
  currentPageId(): string | undefined;
  showPage(pageId: string): void;
  images(): ReadonlyMap<string, string>;
}

export class PageStrip {
  private readonly list: HTMLOListElement;
  private readonly host: StripHost;
  /** Each page's drawing, kept while the page and the images it shows are unchanged. */
  private readonly drawn = new Map<string, { key: string; node: Element }>();

  constructor(list: HTMLOListElement, host: StripHost) {
    this.list = list;
    this.host = host;
  }

  private drawing(page: Page): Element {
    const images = this.host.images();
    const key = JSON.stringify([page, page.elements.map((element) => images.get(element.id) ?? null)]);
    const kept = this.drawn.get(page.id);
    if (kept?.key === key) return kept.node;
    const scale = Math.min(PREVIEW_PX / page.width, PREVIEW_PX / page.height);
    const svg = pageSvg(page, page.elements, images, { width: Math.max(1, Math.round(page.width * scale)), height: Math.max(1, Math.round(page.height * scale)) });
    const node = document.importNode(new DOMParser().parseFromString(svg, "image/svg+xml").documentElement, true);
    node.setAttribute("aria-hidden", "true");
    this.drawn.set(page.id, { key, node });
    return node;
  }

  draw(): void {
    const pages = this.host.pages();
    const current = this.host.currentPageId();
    const items = pages.map((page, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "page";
      button.dataset.pageId = page.id;
      if (page.id === current) button.setAttribute("aria-current", "page");
      const label = document.createElement("span");
      label.textContent = `Page ${i + 1}`;
      button.append(this.drawing(page), label);
      button.addEventListener("click", () => this.host.showPage(page.id));
      const item = document.createElement("li");
      item.append(button);
      return item;
    });
    const hadFocus = this.list.contains(document.activeElement);
    this.list.replaceChildren(...items);
    for (const id of this.drawn.keys()) if (!pages.some((page) => page.id === id)) this.drawn.delete(id);
    if (hadFocus) this.list.querySelector<HTMLButtonElement>('[aria-current="page"]')?.focus();
    this.list.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
}
