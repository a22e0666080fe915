import { createHash } from "node:crypto";
import type { Job, Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import { announceJob, createJobRow, type JobHandler } from "../../../lib/jobs/engine.js";
import type { IntegrationEvent } from "../../../lib/jobs/integration-events.js";
import type { Bus } from "../../../lib/pubsub.js";
import { designOwners } from "../../designs/public.js";
import { standingGrants } from "../../identity/public.js";
import type { WebhooksSettings } from "../settings.js";
import { deliveryJob } from "./schedule.js";
import { grantCovers } from "./grants.js";
import { commentAddressees, jobAddressees, notificationsOf, type Addressee, type DesignLinks } from "./notifications.js";

/** The same notification of the same event for the same integration and user always has the same delivery id. */
function deliveryId(eventJobId: string, clientId: string, addressee: Addressee): string {
  return `wh_${createHash("sha256").update(`${eventJobId}\n${clientId}\n${addressee.kind}\n${addressee.role}\n${addressee.userId}`).digest("base64url").slice(0, 32)}`;
}

/**
 * Turns a recorded event into deliveries: one per integration that has a webhook for the kind and a
 * standing grant from the user the event concerns, covering the kind's scopes. Run again (a retried
 * fan-out), it makes none twice.
 */
export async function fanOut(db: PrismaClient, bus: Bus, settings: WebhooksSettings, links: DesignLinks, eventJob: Job): Promise<{ deliveries: number }> {
  const event = eventJob.input as unknown as IntegrationEvent;
  // Who may hear of it at all is known from the event: nothing more is read unless one of them has an integration with a webhook.
  const owner = event.type === "comment" ? (await designOwners(db, [event.designId])).get(event.designId) : undefined;
  const candidates = event.type === "comment" ? [...(owner === undefined ? [] : [owner]), ...event.mentionedUserIds, ...(event.assigneeId === null ? [] : [event.assigneeId])] : [event.userId];
  const grants = await standingGrants(db, candidates);
  const endpoints = grants.length ? await db.webhookEndpoint.findMany({ where: { clientId: { in: [...new Set(grants.map((grant) => grant.clientId))] } } }) : [];
  if (endpoints.length === 0) return { deliveries: 0 };
  const endpointOf = new Map(endpoints.map((endpoint) => [endpoint.clientId, endpoint]));
  const addressees = event.type === "comment" ? (owner === undefined ? [] : await commentAddressees(db, links, event, owner)) : await jobAddressees(db, event);
  const wanted: { addressee: Addressee; clientId: string }[] = [];
  for (const addressee of addressees) {
    for (const grant of grants) {
      if (grant.userId !== addressee.userId || (addressee.onlyClientId && grant.clientId !== addressee.onlyClientId)) continue;
      if (!endpointOf.get(grant.clientId)?.events.includes(addressee.kind)) continue;
      if (!grantCovers(grant, addressee.kind)) continue;
      wanted.push({ addressee, clientId: grant.clientId });
    }
  }
  if (wanted.length === 0) return { deliveries: 0 };
  const notification = await notificationsOf(db, wanted.map(({ addressee }) => addressee));
  const giveUpAt = new Date(Date.now() + settings.retryWindowMs);
  const rows: Prisma.WebhookDeliveryCreateManyInput[] = wanted.map(({ addressee, clientId }) => {
    const id = deliveryId(eventJob.id, clientId, addressee);
    const data = notification(id, eventJob.createdAt, addressee);
    return { id, clientId, kind: addressee.kind, userId: addressee.userId, teamId: addressee.teamId, data, giveUpAt, nextAttemptAt: new Date() };
  });
  // Jobs only for the rows this run made: a fan-out run twice at once (a lease lost mid-run) sends nothing twice.
  const jobs = await db.$transaction(async (tx) => {
    const made = await tx.webhookDelivery.createManyAndReturn({ data: rows, skipDuplicates: true, select: { id: true, userId: true, clientId: true } });
    return Promise.all(made.map((row) => createJobRow(tx, deliveryJob(row.userId, row.id, row.clientId))));
  });
  for (const job of jobs) await announceJob(bus, job);
  return { deliveries: jobs.length };
}

export function fanOutHandler(db: PrismaClient, bus: Bus, settings: WebhooksSettings, links: DesignLinks): JobHandler {
  return async (job) => fanOut(db, bus, settings, links, job);
}
