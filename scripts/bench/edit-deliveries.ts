import type { EditorsThreadReport } from "./editors-thread.js";

/** How the accepted edits reached the subscribers. */
export interface EditDeliveries {
  /** (edit, subscriber) pairs owed: every accepted version after the one a subscriber started from. */
  owed: number;
  /** Pairs received. */
  delivered: number;
  /** Pairs owed and never received. */
  lost: number;
  /** Messages of a version the subscriber had already received. */
  duplicated: number;
  /** Messages of a version lower than one the subscriber had already received. */
  outOfOrder: number;
  /** Per received pair of a measured (not warm-up) edit: ms from the edit's answer to the subscriber's message (negative: it came first). */
  latenciesMs: number[];
}

/** Every subscriber must receive every accepted version after its first message exactly once, in order. */
export function editDeliveries({ accepted, initialVersions, arrivals }: Pick<EditorsThreadReport, "accepted" | "initialVersions" | "arrivals">): EditDeliveries {
  const outcome: EditDeliveries = { owed: 0, delivered: 0, lost: 0, duplicated: 0, outOfOrder: 0, latenciesMs: [] };
  arrivals.forEach((received, subscriber) => {
    const firstArrival = new Map<number, number>();
    let highest = -Infinity;
    for (const { version, at } of received) {
      if (firstArrival.has(version)) outcome.duplicated++;
      else {
        if (version < highest) outcome.outOfOrder++;
        firstArrival.set(version, at);
      }
      highest = Math.max(highest, version);
    }
    for (const edit of accepted) {
      if (edit.version <= initialVersions[subscriber]) continue;
      outcome.owed++;
      const at = firstArrival.get(edit.version);
      if (at === undefined) {
        outcome.lost++;
        continue;
      }
      outcome.delivered++;
      if (!edit.warmup) outcome.latenciesMs.push(at - edit.acceptedAt);
    }
  });
  return outcome;
}
