import type { WebhookDelivery, WebhookDeliveryStatus } from "../../../generated/prisma/client.js";
import type { BusinessPrincipal } from "../../../lib/auth/business-token.js";
import { ConflictError, NotFoundError, ValidationError } from "../../../lib/errors.js";
import { unstorableText } from "../../../lib/storable-text.js";
import { announceJob, createJobRow } from "../../../lib/jobs/engine.js";
import type { WebhooksContext } from "../context.js";
import { stillAuthorized } from "./grants.js";
import type { EventKind } from "./kinds.js";
import { countChange, requireOwnIntegration } from "./owners.js";
import { deliveryJob } from "./schedule.js";

export const PAGE_MAX = 100;

/** Where the next page starts: after this delivery (newest first: creation time, then id). */
interface Cursor {
  at: number;
  id: string;
}

function encodeCursor(delivery: WebhookDelivery): string {
  return Buffer.from(JSON.stringify({ at: delivery.createdAt.getTime(), id: delivery.id } satisfies Cursor)).toString("base64url");
}

function decodeCursor(raw: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Cursor;
    // The cursor is not signed: its id is compared in SQL, so text the database refuses is no cursor of ours.
    if (Number.isSafeInteger(cursor.at) && typeof cursor.id === "string" && cursor.id.length <= 50 && !unstorableText(cursor.id)) return cursor;
  } catch {
    // reported below
  }
  throw new ValidationError("after", "after is not a continuation this list gave");
}

/** The integration's deliveries, newest first, optionally of one status. */
export async function listDeliveries(ctx: WebhooksContext, clientId: string, args: { status?: WebhookDeliveryStatus | null; first?: number | null; after?: string | null }) {
  const first = args.first ?? 20;
  if (!Number.isInteger(first) || first < 1 || first > PAGE_MAX) throw new ValidationError("first", `first must be between 1 and ${PAGE_MAX}`);
  const cursor = args.after ? decodeCursor(args.after) : undefined;
  const before = cursor ? { OR: [{ createdAt: { lt: new Date(cursor.at) } }, { createdAt: new Date(cursor.at), id: { lt: cursor.id } }] } : {};
  const rows = await ctx.db.webhookDelivery.findMany({
    where: { clientId, ...(args.status ? { status: args.status } : {}), ...before },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: first + 1,
  });
  const items = rows.slice(0, first);
  return { items, continuation: rows.length > first ? encodeCursor(items[items.length - 1]) : null };
}

/**
 * Sends a finished delivery again: pending with a fresh retry window and a new delivery job. Only one
 * redelivery can start from a finished state (the update is conditional), so racing requests make one job.
 */
export async function redeliver(ctx: WebhooksContext, caller: BusinessPrincipal, deliveryId: string): Promise<WebhookDelivery> {
  await countChange(ctx, caller);
  const delivery = deliveryId.length <= 50 ? await ctx.db.webhookDelivery.findUnique({ where: { id: deliveryId } }) : null;
  if (!delivery) throw new NotFoundError("Delivery not found");
  await requireOwnIntegration(ctx, caller, delivery.clientId).catch(() => {
    throw new NotFoundError("Delivery not found");
  });
  if (!(await stillAuthorized(ctx.db, delivery.userId, delivery.clientId, delivery.kind as EventKind))) {
    throw new ConflictError("The user no longer authorizes the integration for this event: it is not sent again");
  }
  const job = await ctx.db.$transaction(async (tx) => {
    const restarted = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, status: { in: ["delivered", "failed"] } },
      data: { status: "pending", nextAttemptAt: new Date(), giveUpAt: new Date(Date.now() + ctx.settings.retryWindowMs), deliveredAt: null },
    });
    if (restarted.count === 0) throw new ConflictError("The delivery is still pending: it is attempted again on its own");
    return createJobRow(tx, deliveryJob(delivery.userId, deliveryId, delivery.clientId));
  });
  await announceJob(ctx.bus, job);
  return ctx.db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
}
