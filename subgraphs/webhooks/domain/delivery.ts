import type { Job, WebhookDelivery } from "../../../generated/prisma/client.js";
import type { JobHandler } from "../../../lib/jobs/engine.js";
import { RetryJobLaterError } from "../../../lib/jobs/errors.js";
import { webhookAttempts } from "../../../lib/metrics/registry.js";
import { postToPublicUrl, type PostOutcome } from "../../../lib/net/safe-fetch.js";
import type { WebhookSender } from "../context.js";
import { signedBody, WEBHOOK_CONTENT_TYPE } from "./signed-body.js";
import { stillAuthorized } from "./grants.js";
import type { EventKind } from "./kinds.js";
import { outcomeOf, retryDelayMs, WEBHOOK_DELIVERY_JOB } from "./schedule.js";

/** How long a busy integration's due deliveries are put off before one is looked at again. */
const BUSY_WAIT_MS = 1_000;

/** Attempts in flight per integration in this process. */
class IntegrationGate {
  private readonly inFlight = new Map<string, number>();
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  enter(clientId: string): boolean {
    const now = this.inFlight.get(clientId) ?? 0;
    if (now >= this.limit) return false;
    this.inFlight.set(clientId, now + 1);
    return true;
  }

  leave(clientId: string): void {
    const left = (this.inFlight.get(clientId) ?? 1) - 1;
    if (left > 0) this.inFlight.set(clientId, left);
    else this.inFlight.delete(clientId);
  }
}

/**
 * One attempt of a delivery per run: signed when sent, POSTed with the time limit, recorded with its
 * answer. A retry is scheduled through the job (so it outlives the process) with backoff and jitter
 * while the retry window lasts.
 */
export function deliveryHandler(sender: WebhookSender): JobHandler {
  const gate = new IntegrationGate(sender.settings.perIntegration);
  const { db, settings } = sender;

  /** Gives up a delivery without sending it, saying why in its history. */
  async function notSent(delivery: WebhookDelivery, reason: string) {
    const number = delivery.attemptCount + 1;
    await db.$transaction([
      db.webhookAttempt.create({ data: { deliveryId: delivery.id, number, startedAt: new Date(), durationMs: 0, httpStatus: null, error: `Not sent: ${reason}`, outcome: "failed" } }),
      db.webhookDelivery.update({ where: { id: delivery.id }, data: { attemptCount: number, status: "failed", nextAttemptAt: null } }),
    ]);
    return { skipped: true, reason };
  }

  /** Every due delivery of a busy integration waits a moment, so lane workers go on to other integrations instead of claiming its backlog one by one. */
  function putOffBacklog(clientId: string) {
    return db.$executeRaw`
      UPDATE jobs SET "runAfter" = now() + ${`${BUSY_WAIT_MS} milliseconds`}::interval
       WHERE kind = ${WEBHOOK_DELIVERY_JOB} AND status = 'in_progress' AND "lockedBy" IS NULL
         AND "runAfter" <= now() AND input->>'clientId' = ${clientId}`;
  }

  return async (job: Job) => {
    const { deliveryId } = job.input as { deliveryId: string };
    const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId } });
    if (!delivery || delivery.status !== "pending") return { skipped: true };
    // A process stopped between recording an attempt and rescheduling its job leaves the job to be
    // claimed again when its lease ends: the recorded backoff still holds.
    const wait = (delivery.nextAttemptAt?.getTime() ?? 0) - Date.now();
    if (wait > 0) throw new RetryJobLaterError("the next attempt is not due yet", wait, false);
    const endpoint = await db.webhookEndpoint.findUnique({ where: { clientId: delivery.clientId } });
    if (!endpoint || !endpoint.events.includes(delivery.kind)) return notSent(delivery, "the integration's webhook was removed or no longer takes this kind");
    if (!(await stillAuthorized(db, delivery.userId, delivery.clientId, delivery.kind as EventKind))) {
      return notSent(delivery, "the user no longer authorizes the integration for this event");
    }
    if (!gate.enter(delivery.clientId)) {
      await putOffBacklog(delivery.clientId);
      throw new RetryJobLaterError("the integration's receiver is busy", BUSY_WAIT_MS, false);
    }
    let answer: PostOutcome;
    const startedAt = new Date();
    try {
      const { body, kid } = await signedBody(sender.keys, delivery);
      answer = await postToPublicUrl(endpoint.url, body, { "content-type": WEBHOOK_CONTENT_TYPE, "user-agent": "platform-webhooks/1", "webhook-id": delivery.id, "webhook-key-id": kid }, settings);
    } finally {
      gate.leave(delivery.clientId);
    }
    const number = delivery.attemptCount + 1;
    let outcome = outcomeOf(answer.status);
    const delay = retryDelayMs(settings, number);
    if (outcome === "retry" && Date.now() + delay > delivery.giveUpAt.getTime()) outcome = "failed";
    const error = answer.error ?? (outcome === "delivered" ? null : `HTTP ${answer.status}`);
    await db.$transaction([
      db.webhookAttempt.create({ data: { deliveryId, number, startedAt, durationMs: answer.durationMs, httpStatus: answer.status, error: error?.slice(0, 500), outcome } }),
      db.webhookDelivery.update({
        where: { id: deliveryId },
        data: {
          attemptCount: number,
          status: outcome === "retry" ? "pending" : outcome,
          nextAttemptAt: outcome === "retry" ? new Date(Date.now() + delay) : null,
          ...(outcome === "delivered" ? { deliveredAt: new Date() } : {}),
        },
      }),
    ]);
    sender.log.info({ delivery: deliveryId, integration: delivery.clientId, attempt: number, status: answer.status, durationMs: answer.durationMs, error, outcome }, "webhook attempt");
    webhookAttempts.labels(outcome).inc();
    if (outcome === "retry") throw new RetryJobLaterError(error ?? "retry", delay);
    return { outcome, attempts: number };
  };
}
