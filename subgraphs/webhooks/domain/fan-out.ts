import { createHash } from "node:crypto";
import type { Job, Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import { designUserId } from "../../../lib/auth/design-principal.js";
import { announceJob, createJobRow, type JobHandler } from "../../../lib/jobs/engine.js";
import type { CommentEvent, IntegrationEvent, JobFinishedEvent } from "../../../lib/jobs/integration-events.js";
import type { Bus } from "../../../lib/pubsub.js";
import { designOwners } from "../../designs/public.js";
import { standingGrants, teamsOfUsers } from "../../identity/public.js";
import type { WebhooksSettings } from "../settings.js";
import { deliveryJob } from "./schedule.js";
import { grantCovers } from "./grants.js";
import type { EventKind } from "./kinds.js";

/** Someone an event concerns, and what integrations they authorized are told. */
interface Addressee {
  userId: number;
  teamId: string | null;
  kind: EventKind;
  data: Prisma.InputJsonObject;
  /** Only this integration hears of it (a job's events go to the integration that started it). */
  onlyClientId?: string;
}

function commentType(event: CommentEvent): "thread" | "reply" | "resolved" {
  if (event.change === "resolved") return "resolved";
  return event.replyId ? "reply" : "thread";
}

async function commentAddressees(db: PrismaClient, event: CommentEvent): Promise<Addressee[]> {
  const where = { design_id: event.designId, thread_id: event.threadId, ...(event.replyId ? { reply_id: event.replyId } : {}) };
  const owner = (await designOwners(db, [event.designId])).get(event.designId);
  const addressees: Addressee[] = owner === undefined ? [] : [{ userId: owner, teamId: event.teamId, kind: "comment", data: { ...where, comment_type: commentType(event) } }];
  const mentioned = new Set(event.mentionedUserIds);
  if (event.assigneeId !== null) mentioned.add(event.assigneeId);
  for (const userId of mentioned) {
    addressees.push({ userId, teamId: event.teamId, kind: "design_mention", data: { ...where, reason: userId === event.assigneeId ? "assignment" : "mention" } });
  }
  return addressees;
}

async function jobAddressees(db: PrismaClient, event: JobFinishedEvent): Promise<Addressee[]> {
  const team = (await teamsOfUsers(db, [event.userId])).get(event.userId) ?? null;
  const job = { id: event.jobId, type: event.jobKind, status: event.status, ...(event.errorCode ? { error_code: event.errorCode } : {}) };
  return [{ userId: event.userId, teamId: team, kind: "job_finished", data: { job, ...event.resourceIds }, onlyClientId: event.clientId }];
}

/** The same event for the same integration and user always has the same delivery id. */
function deliveryId(eventJobId: string, clientId: string, addressee: Addressee): string {
  return `wh_${createHash("sha256").update(`${eventJobId}\n${clientId}\n${addressee.kind}\n${addressee.userId}`).digest("base64url").slice(0, 32)}`;
}

/**
 * Turns a recorded event into deliveries: one per integration that has a webhook for the kind and a
 * standing grant from the user the event concerns, covering the kind's scopes. Run again (a retried
 * fan-out), it makes none twice.
 */
export async function fanOut(db: PrismaClient, bus: Bus, settings: WebhooksSettings, eventJob: Job): Promise<{ deliveries: number }> {
  const event = eventJob.input as unknown as IntegrationEvent;
  const addressees = event.type === "comment" ? await commentAddressees(db, event) : await jobAddressees(db, event);
  const grants = await standingGrants(db, addressees.map((addressee) => addressee.userId));
  const endpoints = grants.length ? await db.webhookEndpoint.findMany({ where: { clientId: { in: [...new Set(grants.map((grant) => grant.clientId))] } } }) : [];
  const endpointOf = new Map(endpoints.map((endpoint) => [endpoint.clientId, endpoint]));
  const rows: Prisma.WebhookDeliveryCreateManyInput[] = [];
  const giveUpAt = new Date(Date.now() + settings.retryWindowMs);
  for (const addressee of addressees) {
    for (const grant of grants) {
      if (grant.userId !== addressee.userId || (addressee.onlyClientId && grant.clientId !== addressee.onlyClientId)) continue;
      if (!endpointOf.get(grant.clientId)?.events.includes(addressee.kind)) continue;
      if (!grantCovers(grant, addressee.kind)) continue;
      const id = deliveryId(eventJob.id, grant.clientId, addressee);
      const data = { id, kind: addressee.kind, created_at: Math.floor(eventJob.createdAt.getTime() / 1000), user: { id: designUserId(addressee.userId), team_id: addressee.teamId }, data: addressee.data };
      rows.push({ id, clientId: grant.clientId, kind: addressee.kind, userId: addressee.userId, teamId: addressee.teamId, data, giveUpAt, nextAttemptAt: new Date() });
    }
  }
  if (rows.length === 0) return { deliveries: 0 };
  // Jobs only for the rows this run made: a fan-out run twice at once (a lease lost mid-run) sends nothing twice.
  const jobs = await db.$transaction(async (tx) => {
    const made = await tx.webhookDelivery.createManyAndReturn({ data: rows, skipDuplicates: true, select: { id: true, userId: true, clientId: true } });
    return Promise.all(made.map((row) => createJobRow(tx, deliveryJob(row.userId, row.id, row.clientId))));
  });
  for (const job of jobs) await announceJob(bus, job);
  return { deliveries: jobs.length };
}

export function fanOutHandler(db: PrismaClient, bus: Bus, settings: WebhooksSettings): JobHandler {
  return async (job) => fanOut(db, bus, settings, job);
}
