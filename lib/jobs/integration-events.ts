import type { Job, Prisma } from "../../generated/prisma/client.js";

/**
 * Events integrations may be told about (by webhook), recorded durably in the transaction of the
 * change they describe, as a job the webhooks domain fans out: nothing is lost if a process stops.
 */
export const INTEGRATION_EVENT_JOB = "integration_event";

/**
 * A comment thread or reply was created (the design's owner's integrations and the mentioned users'
 * hear of it), or a thread was resolved (`change`; the design's owner's integrations hear of it).
 */
export interface CommentEvent {
  type: "comment";
  /** Absent: created. */
  change?: "resolved";
  designId: string;
  teamId: string;
  threadId: string;
  /** Absent for a new thread. */
  replyId?: string;
  /** Who wrote it (who resolved it, for a resolution). */
  authorId: number;
  /** Users mentioned in the message (accounts ids), and the thread's assignee. */
  mentionedUserIds: number[];
  assigneeId: number | null;
}

/** A job an integration started finished (success or failed). */
export interface JobFinishedEvent {
  type: "job_finished";
  jobId: string;
  jobKind: string;
  clientId: string;
  userId: number;
  status: "success" | "failed";
  errorCode: string | null;
  /** Ids of what the job made or worked on, by name (`asset_id`, `design_id`). */
  resourceIds: Record<string, string>;
}

export type IntegrationEvent = CommentEvent | JobFinishedEvent;

/** The fan-out job of `event`, to be written with `createJobRow` in the transaction of the change; the user it starts from owns it. */
export function integrationEventJob(ownerId: number, event: IntegrationEvent) {
  return { kind: INTEGRATION_EVENT_JOB, ownerId, input: event as unknown as Prisma.InputJsonObject, maxAttempts: 10 };
}

function firstId(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  return Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined;
}

/** The ids a finished job names: what it made (result) or worked on (input). */
export function resourceIdsOf(job: Pick<Job, "input" | "result">): Record<string, string> {
  const input = (job.input ?? {}) as Record<string, unknown>;
  const result = (job.result ?? {}) as Record<string, unknown>;
  const ids: Record<string, string> = {};
  const assetId = firstId(result.assetId);
  const designId = firstId(result.designId) ?? firstId(result.designIds) ?? firstId(input.designId);
  if (assetId) ids.asset_id = assetId;
  if (designId) ids.design_id = designId;
  return ids;
}
