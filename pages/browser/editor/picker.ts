// Picking one of the team's images to place: the team's folders (the top level, then uploads and any
// folder opened), each image shown by its thumbnail.
import { GraphError, type Graph, type TeamImage } from "./graph.js";
import { sameOrigin } from "./images.js";

const TOP_LEVELS = [
  { id: "root", name: "Your team's projects" },
  { id: "uploads", name: "Uploads" },
];

export class ImagePicker {
  private readonly dialog: HTMLDialogElement;
  private readonly graph: Graph;
  private readonly where: HTMLElement;
  private readonly items: HTMLUListElement;
  private readonly back: HTMLButtonElement;
  /** The folders opened, the top level first. */
  private trail: { id: string; name: string }[] = [];
  private choose: ((image: TeamImage | undefined) => void) | undefined;

  constructor(dialog: HTMLDialogElement, graph: Graph) {
    this.dialog = dialog;
    this.graph = graph;
    this.where = dialog.querySelector("#picker-where")!;
    this.items = dialog.querySelector("#picker-items")!;
    this.back = dialog.querySelector("#picker-up")!;
    this.back.addEventListener("click", () => {
      this.trail.pop();
      void this.open(this.trail.pop()!);
    });
    dialog.querySelector("#picker-close")!.addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => this.finish(undefined));
  }

  /** Shows the team's images; resolves with the one picked, or undefined when the dialog is closed. */
  pick(): Promise<TeamImage | undefined> {
    this.trail = [];
    this.dialog.showModal();
    void this.open(TOP_LEVELS[0]);
    return new Promise((resolve) => (this.choose = resolve));
  }

  private finish(image: TeamImage | undefined): void {
    const choose = this.choose;
    this.choose = undefined;
    choose?.(image);
    if (this.dialog.open) this.dialog.close();
  }

  private button(text: string, onClick: () => void, image?: TeamImage): HTMLLIElement {
    const button = document.createElement("button");
    button.type = "button";
    const src = image?.thumbnail && sameOrigin(image.thumbnail.url);
    if (src) button.append(Object.assign(document.createElement("img"), { src, alt: "", width: 64, height: 64 }));
    button.append(text);
    button.addEventListener("click", onClick);
    const item = document.createElement("li");
    item.append(button);
    return item;
  }

  private async open(folder: { id: string; name: string }, continuation?: string): Promise<void> {
    if (!continuation) {
      this.trail.push(folder);
      this.items.replaceChildren();
    }
    this.where.textContent = this.trail.map((one) => one.name).join(" › ");
    this.back.hidden = this.trail.length < 2;
    try {
      const listing = await this.graph.folder(folder.id, continuation);
      const atTop = this.trail.length === 1 && !continuation;
      const folders = [...(atTop ? TOP_LEVELS.slice(1) : []), ...listing.folders];
      this.items.append(
        ...folders.map((one) => this.button(`📁 ${one.name}`, () => void this.open(one))),
        ...listing.images.map((image) => this.button(image.name, () => this.finish(image), image)),
      );
      if (listing.continuation) {
        const more = this.button("More…", () => {
          more.remove();
          void this.open(folder, listing.continuation!);
        });
        this.items.append(more);
      }
      if (!this.items.children.length) this.items.append(Object.assign(document.createElement("li"), { textContent: "No images here." }));
    } catch (error) {
      const reason = error instanceof GraphError && error.code === "FORBIDDEN" ? "Listing the team's images needs a sign-in with folder:read." : (error as Error).message;
      this.items.replaceChildren(Object.assign(document.createElement("li"), { textContent: reason, role: "alert" }));
    }
  }
}
