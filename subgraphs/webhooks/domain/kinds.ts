/** The event kinds an integration may ask for, and the scopes a user's grant must hold for each. */
export const EVENT_KINDS = ["comment", "design_mention", "job_finished"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** A job's events go to the integration that started it: its grant covered the job; only a standing grant is needed. */
export const SCOPES_NEEDED: Record<EventKind, readonly string[]> = {
  comment: ["comment:read"],
  design_mention: ["comment:read"],
  job_finished: [],
};

export function isEventKind(value: string): value is EventKind {
  return (EVENT_KINDS as readonly string[]).includes(value);
}
