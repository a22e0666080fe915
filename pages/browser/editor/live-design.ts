// The design as the server has it (version by version) with this tab's own edits shown on top until the
// server has them too. Own edits go out one at a time, in order; others' arrive over the subscription.
import { GraphError } from "./graph-error.js";
import { applyOperation, asInput, copyOf, renameIds, type Batch, type Change, type DesignState } from "./model.js";

/** How long an acknowledged edit may wait for its own message before the editor asks for the edits it missed. */
const OWN_MESSAGE_WAIT_MS = 2000;

interface PendingEdit {
  batch: Batch;
  /** The version the server gave it, once it answered. */
  version?: number;
  /** Told the outcome: accepted, or refused with the server's error. */
  settle: (error?: GraphError) => void;
}

/** Where the design and its edits come from and go to (the graph). */
export interface DesignSource {
  design(): Promise<DesignState>;
  edit(operations: Record<string, unknown>[]): Promise<{ version: number; createdElementIds: string[]; createdPageIds: string[] }>;
  /** The edits after `since`, oldest first (`GONE` when they are no longer kept). */
  editsSince(since: number): Promise<Change[]>;
  /** Every accepted edit as it happens (the latest first); `lost` when the stream fails for good. */
  follow(receive: (change: Change) => void, lost: (error: GraphError) => void): void;
}

export interface LiveDesignEvents {
  /** The design shown changed (an own edit, or anyone's arriving). */
  changed(): void;
  /** The server named the elements and pages an own edit made: the editor's ids for them become these. */
  renamed(ids: ReadonlyMap<string, string>): void;
  /** Something the editor cannot fix by itself: the token expired, the design is gone, live updates stopped. */
  failed(error: GraphError): void;
}

export class LiveDesign {
  private confirmed: DesignState;
  private readonly pending: PendingEdit[] = [];
  /** Others' changes that arrived while an own edit or a catch-up was under way, applied after it. */
  private held: Change[] = [];
  /** The server's ids of what this tab made, by the ids the tab gave them. */
  private readonly named = new Map<string, string>();
  private sending = false;
  private catchingUp = false;
  private shownCache: DesignState | undefined;
  private readonly graph: DesignSource;
  private readonly events: LiveDesignEvents;

  constructor(graph: DesignSource, initial: DesignState, events: LiveDesignEvents) {
    this.graph = graph;
    this.confirmed = initial;
    this.events = events;
    graph.follow((change) => this.receive(change), (error) => events.failed(error));
  }

  /** What the page shows: the server's design with the own edits it has not confirmed yet. */
  get shown(): DesignState {
    if (!this.shownCache) {
      const state = copyOf(this.confirmed);
      for (const edit of this.pending) for (const operation of edit.batch) applyOperation(state, operation);
      this.shownCache = state;
    }
    return this.shownCache;
  }

  /** Shows `batch` at once and sends it after the own edits before it; resolves with the server's refusal, if any. */
  edit(batch: Batch): Promise<GraphError | undefined> {
    return new Promise((resolve) => {
      const copy = structuredClone(batch);
      // An id the editor gave something the server has named since (a drag begun just before) means the server's.
      for (const operation of copy) renameIds(operation, (id) => this.named.get(id) ?? id);
      this.pending.push({ batch: copy, settle: resolve });
      this.changed();
      void this.sendNext();
    });
  }

  private changed(): void {
    this.shownCache = undefined;
    this.events.changed();
  }

  private async sendNext(): Promise<void> {
    const next = this.pending.find((edit) => edit.version === undefined);
    if (this.sending || !next) return;
    this.sending = true;
    try {
      const answer = await this.graph.edit(asInput(next.batch));
      next.version = answer.version;
      this.learnIds(next.batch, answer.createdElementIds, answer.createdPageIds);
      next.settle();
      setTimeout(() => void (this.confirmed.version < answer.version && this.catchUp()), OWN_MESSAGE_WAIT_MS);
    } catch (error) {
      const refusal = error instanceof GraphError ? error : new GraphError("ERROR", String(error));
      this.pending.splice(this.pending.indexOf(next), 1);
      next.settle(refusal);
      if (["UNAUTHENTICATED", "FORBIDDEN"].includes(refusal.code)) this.events.failed(refusal);
      this.changed();
    } finally {
      this.sending = false;
    }
    this.releaseHeld();
    void this.sendNext();
  }

  /** The editor's own ids in `batch` for what it made, and in every edit still to send, become the server's. */
  private learnIds(batch: Batch, elementIds: string[], pageIds: string[]): void {
    const ids = new Map<string, string>();
    const made = { elements: [...elementIds], pages: [...pageIds] };
    for (const operation of batch) {
      if ("addElement" in operation) ids.set(operation.addElement.elementId, made.elements.shift() ?? operation.addElement.elementId);
      if ("addPage" in operation) ids.set(operation.addPage.pageId, made.pages.shift() ?? operation.addPage.pageId);
    }
    for (const edit of this.pending) for (const operation of edit.batch) renameIds(operation, (id) => ids.get(id) ?? id);
    for (const [provisional, named] of ids) this.named.set(provisional, named);
    this.events.renamed(ids);
  }

  private receive(change: Change): void {
    if (this.sending || this.catchingUp) this.held.push(change);
    else this.apply(change);
  }

  private releaseHeld(): void {
    const held = this.held;
    this.held = [];
    for (const change of held) this.receive(change);
  }

  /** The next version in order is applied; an older one is known already; a later one means some were missed. */
  private apply(change: Change): void {
    if (change.version <= this.confirmed.version) return;
    if (change.version > this.confirmed.version + 1) {
      this.held.push(change);
      void this.catchUp();
      return;
    }
    for (const operation of change.operations) applyOperation(this.confirmed, operation);
    this.confirmed.version = change.version;
    this.dropConfirmed();
    this.changed();
  }

  /** Own edits the server's design now includes are no longer shown on top of it. */
  private dropConfirmed(): void {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const version = this.pending[i].version;
      if (version !== undefined && version <= this.confirmed.version) this.pending.splice(i, 1);
    }
  }

  /** Reads the edits after the last version applied; when they are no longer kept (`GONE`), the whole design again. */
  private async catchUp(): Promise<void> {
    if (this.catchingUp) return;
    this.catchingUp = true;
    const from = this.confirmed.version;
    try {
      const missed = await this.graph.editsSince(from);
      for (const change of missed) this.apply(change);
      // Told of a version the log does not give yet: the design itself is the answer.
      if (this.confirmed.version === from && this.held.some((change) => change.version > from + 1)) await this.reload();
    } catch (error) {
      if (error instanceof GraphError && error.code === "GONE") await this.reload();
      else this.events.failed(error instanceof GraphError ? error : new GraphError("ERROR", String(error)));
    } finally {
      this.catchingUp = false;
    }
    this.held = this.held.filter((change) => change.version > this.confirmed.version);
    this.releaseHeld();
  }

  private async reload(): Promise<void> {
    this.confirmed = await this.graph.design();
    this.dropConfirmed();
    this.changed();
  }
}
