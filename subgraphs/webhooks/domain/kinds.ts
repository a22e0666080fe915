/** The event kinds an integration may ask for, and the scopes a user's grant must hold for each. */
export const EVENT_KINDS = ["comment", "design_mention", "suggestion", "job_finished"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * The kinds that are notification types of the design platform's specification (`NotificationContent`'s
 * `type`): what a webhook set without naming kinds takes, as an integration configured in Canva's
 * developer portal is sent every type its users' grants allow. `job_finished` is this platform's own
 * extension, sent only to a webhook that names it.
 */
export const NOTIFICATION_KINDS = ["comment", "design_mention", "suggestion"] as const satisfies readonly EventKind[];

/** What Canva asks of an integration for collaboration notifications (its webhooks guide's table of scopes). */
const COLLABORATION = ["collaboration:event", "design:meta:read"] as const;

/**
 * The scopes a user's grant must hold for the integration to hear of each kind. The notifications carry
 * what the scopes would let the integration read: the design's summary and links (`design:meta:read`),
 * and for comments and suggestions the thread or reply itself (`comment:read`). A job's events go to the
 * integration that started it: its grant covered the job; only a standing grant is needed.
 */
export const SCOPES_NEEDED: Record<EventKind, readonly string[]> = {
  comment: [...COLLABORATION, "comment:read"],
  suggestion: [...COLLABORATION, "comment:read"],
  design_mention: COLLABORATION,
  job_finished: [],
};

export function isEventKind(value: string): value is EventKind {
  return (EVENT_KINDS as readonly string[]).includes(value);
}
