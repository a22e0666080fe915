import type { Bus } from "../../../../lib/pubsub.js";
import type { Logger } from "../../../../lib/logger.js";

import { DESIGN_EDIT_EVENTS } from "../../manifest.js";

/** How long an edit's announcement waits for the one before it (made by this process) before it goes anyway. */
const GAP_WAIT_MS = 200;
/** Designs whose last announced version this process remembers. */
const DESIGNS_REMEMBERED = 10_000;

interface DesignQueue {
  lastAnnounced: number;
  waiting: Map<number, () => void>;
  timer?: NodeJS.Timeout;
}

/**
 * Announces edits in version order. Two edits of one design commit one after the other (the design's row
 * is locked), but the code after each commit can resume in either order: an announcement waits, briefly,
 * for the previous version's when this process made it, so subscribers receive versions in order.
 */
export class EditAnnouncer {
  private readonly queues = new Map<string, DesignQueue>();
  private readonly bus: Bus;
  private readonly log: Logger;

  constructor(bus: Bus, log: Logger) {
    this.bus = bus;
    this.log = log;
  }

  /** Announces `version` of `designId` (after `version - 1` when this process has it pending). */
  announce(designId: string, version: number): void {
    let queue = this.queues.get(designId);
    if (!queue) {
      if (this.queues.size >= DESIGNS_REMEMBERED) this.forgetIdle();
      this.queues.set(designId, (queue = { lastAnnounced: version - 1, waiting: new Map() }));
    }
    if (version <= queue.lastAnnounced) return this.publish(designId, version);
    queue.waiting.set(version, () => this.publish(designId, version));
    this.flush(designId, queue);
  }

  private flush(designId: string, queue: DesignQueue): void {
    for (let next = queue.waiting.get(queue.lastAnnounced + 1); next; next = queue.waiting.get(queue.lastAnnounced + 1)) {
      queue.waiting.delete(++queue.lastAnnounced);
      next();
    }
    clearTimeout(queue.timer);
    queue.timer = undefined;
    if (queue.waiting.size === 0) return;
    // The previous version was made elsewhere (or failed to commit): stop waiting for it.
    queue.timer = setTimeout(() => {
      queue.lastAnnounced = Math.min(...queue.waiting.keys()) - 1;
      this.flush(designId, queue);
    }, GAP_WAIT_MS);
    queue.timer.unref();
  }

  private publish(designId: string, version: number): void {
    this.bus.publish(DESIGN_EDIT_EVENTS, { designId, version }).catch((error: unknown) => this.log.warn({ err: error, designId, version }, "an edit could not be announced"));
  }

  private forgetIdle(): void {
    for (const [designId, queue] of this.queues) if (queue.waiting.size === 0) this.queues.delete(designId);
  }
}
