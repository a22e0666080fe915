// The graph as the editor uses it: queries and edits over `fetch` to /graphql, the design's changes over graphql-ws.
import { createClient, type Client } from "graphql-ws";
import { GraphError } from "./graph-error.js";
import type { DesignSource } from "./live-design.js";
import { fromGraph, type Change, type DesignState, type Element, type Operation } from "./model.js";

export { GraphError };

/** An image the team has: an asset with its thumbnail (to draw it, and to size a new element by its aspect). */
export interface TeamImage {
  id: string;
  name: string;
  thumbnail: { width: number; height: number; url: string } | null;
}

export interface FolderListing {
  folders: { id: string; name: string }[];
  images: TeamImage[];
  continuation: string | null;
}

const ELEMENT = `id kind x y width height z
  ... on TextElement { text fontSize color } ... on ShapeElement { shape fill } ... on ImageElement { asset { id thumbnail { url } } }`;
/**
 * Pages one read of the design gives: the graph estimates a read's cost from the lists' sizes (a page's
 * elements counting as the default size), and refuses a read of many pages at once.
 */
const PAGES_PER_READ = 20;
const DESIGN = `query($id: ID!, $offset: Int!) { design(id: $id) { title version pages(offset: $offset, limit: ${PAGES_PER_READ}) { id width height elements { ${ELEMENT} } } } }`;
const CHANGE = `version operations {
  addElement { elementId pageId kind x y width height z text fontSize color shape fill assetId }
  updateElement { elementId x y width height z text fontSize color fill }
  deleteElement addPage { pageId index width height } deletePage movePage { pageId index } resizePage { pageId width height } setTitle }`;
const EDIT = `mutation($id: ID!, $operations: [DesignOperationInput!]!) { editDesign(designId: $id, operations: $operations) { version createdElementIds createdPageIds } }`;
const EDITS = `query($id: ID!, $since: Int!) { designEdits(designId: $id, sinceVersion: $since) { ${CHANGE} } }`;
const CHANGES = `subscription($id: ID!) { designChanged(designId: $id) { ${CHANGE} } }`;
const ASSET = `query($id: ID!) { asset(id: $id) { id thumbnail { url } } }`;
const FOLDER = `query($folder: ID!, $continuation: String) { folderItems(folderId: $folder, itemTypes: [folder, image], limit: 100, continuation: $continuation) {
  items { ... on FolderItemFolder { folder { id name } } ... on FolderItemImage { image { id name thumbnail { width height url } } } } continuation } }`;

type GraphElement = Pick<Element, "id" | "kind" | "x" | "y" | "width" | "height" | "z"> &
  Partial<Pick<Element, "text" | "fontSize" | "color" | "shape" | "fill">> & { asset?: { id: string; thumbnail: { url: string } | null } | null };

const changeOf = (change: { version: number; operations: Record<string, unknown>[] }): Change => ({
  version: change.version,
  operations: change.operations.map(fromGraph).filter((operation): operation is Operation => operation !== undefined),
});

export class Graph implements DesignSource {
  private readonly token: string;
  private readonly designId: string;
  private socket: Client | undefined;
  /** Thumbnail URLs of the assets image elements show, as the graph gave them. */
  readonly thumbnails = new Map<string, string>();

  constructor(token: string, designId: string) {
    this.token = token;
    this.designId = designId;
  }

  async request<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    const response = await fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${this.token}` },
      body: JSON.stringify({ query, variables }),
    }).catch(() => undefined);
    const answer = (await response?.json().catch(() => undefined)) as { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] } | undefined;
    if (!answer) throw new GraphError("UNREACHABLE", "The platform cannot be reached right now.");
    const error = answer.errors?.[0];
    if (error || !answer.data) throw new GraphError(error?.extensions?.code ?? "ERROR", error?.message ?? "No answer");
    return answer.data;
  }

  /**
   * The design as it is now: every page with its elements, and the thumbnail URLs of the images it shows.
   * Read in parts, it is given the first part's version: edits made meanwhile are applied again, which changes nothing.
   */
  async design(): Promise<DesignState> {
    let state: DesignState | undefined;
    for (let offset = 1; ; offset += PAGES_PER_READ) {
      const { design } = await this.request<{ design: { title: string; version: number; pages: { id: string; width: number; height: number; elements: GraphElement[] }[] } }>(DESIGN, { id: this.designId, offset });
      state ??= { title: design.title, version: design.version, pages: [] };
      for (const page of design.pages) state.pages.push({ ...page, elements: page.elements.map((element) => this.elementOf(element)) });
      if (design.pages.length < PAGES_PER_READ) return state;
    }
  }

  private elementOf({ asset, ...element }: GraphElement): Element {
    if (asset?.thumbnail) this.thumbnails.set(asset.id, asset.thumbnail.url);
    return { text: null, fontSize: null, color: null, shape: null, fill: null, ...element, assetId: asset?.id ?? null };
  }

  /** The thumbnail URL of an asset an element shows (an image someone just placed): read once, or `again` before it expires. */
  async thumbnailOf(assetId: string, again = false): Promise<string | undefined> {
    if (again || !this.thumbnails.has(assetId)) {
      const { asset } = await this.request<{ asset: { thumbnail: { url: string } | null } }>(ASSET, { id: assetId });
      if (asset.thumbnail) this.thumbnails.set(assetId, asset.thumbnail.url);
    }
    return this.thumbnails.get(assetId);
  }

  edit(operations: Record<string, unknown>[]): Promise<{ version: number; createdElementIds: string[]; createdPageIds: string[] }> {
    return this.request<{ editDesign: { version: number; createdElementIds: string[]; createdPageIds: string[] } }>(EDIT, { id: this.designId, operations }).then((data) => data.editDesign);
  }

  /** The edits after `since`, oldest first (`GONE` when they are no longer kept): page after bounded page, until one is empty. */
  async editsSince(since: number): Promise<Change[]> {
    const changes: Change[] = [];
    for (let from = since; ; ) {
      const { designEdits } = await this.request<{ designEdits: { version: number; operations: Record<string, unknown>[] }[] }>(EDITS, { id: this.designId, since: from });
      if (designEdits.length === 0) return changes;
      changes.push(...designEdits.map(changeOf));
      from = designEdits[designEdits.length - 1].version;
    }
  }

  /** Every accepted edit of the design as it happens (the latest first); `lost` when the stream fails for good. */
  follow(receive: (change: Change) => void, lost: (error: GraphError) => void): void {
    type Changed = { designChanged: { version: number; operations: Record<string, unknown>[] } };
    this.subscribe<Changed>(CHANGES, { id: this.designId }, ({ designChanged }) => receive(changeOf(designChanged)), lost);
  }

  /** A subscription over graphql-ws (one connection for all, the token in its parameters). */
  subscribe<T>(query: string, variables: Record<string, unknown>, next: (data: T) => void, lost?: (error: GraphError) => void): void {
    const url = new URL("/graphql", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    this.socket ??= createClient({ url: url.href, connectionParams: { authorization: `Bearer ${this.token}` }, retryAttempts: 20 });
    this.socket.subscribe(
      { query, variables },
      {
        next: ({ data, errors }) => {
          if (data) next(data as T);
          else if (errors?.length) lost?.(new GraphError(String(errors[0].extensions?.code ?? "ERROR"), errors[0].message));
        },
        error: () => lost?.(new GraphError("DISCONNECTED", "Live updates stopped: reload the page to see others' edits.")),
        complete: () => undefined,
      },
    );
  }

  /** An operation sent as the tab closes (the browser delivers it after the page is gone); its answer is not read. */
  send(query: string, variables: Record<string, unknown>): void {
    void fetch("/graphql", {
      method: "POST",
      keepalive: true,
      headers: { "content-type": "application/json", authorization: `Bearer ${this.token}` },
      body: JSON.stringify({ query, variables }),
    }).catch(() => undefined);
  }

  /** What a folder of the team holds (`root` and `uploads` are its top levels): folders and images. */
  async folder(folderId: string, continuation?: string): Promise<FolderListing> {
    type Item = { folder?: { id: string; name: string }; image?: TeamImage };
    const { folderItems } = await this.request<{ folderItems: { items: Item[]; continuation: string | null } }>(FOLDER, { folder: folderId, continuation: continuation ?? null });
    return {
      folders: folderItems.items.flatMap((item) => (item.folder ? [item.folder] : [])),
      images: folderItems.items.flatMap((item) => (item.image ? [item.image] : [])),
      continuation: folderItems.continuation,
    };
  }

  close(): void {
    void this.socket?.dispose();
  }
}
