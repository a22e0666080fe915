import type { PrismaClient } from "../../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../../lib/auth/design-principal.js";
import { ConflictError, ValidationError } from "../../../../lib/errors.js";
import type { Logger } from "../../../../lib/logger.js";
import type { Bus } from "../../../../lib/pubsub.js";
import type { DesignsContext } from "../../context.js";
import { DESIGN_VIEWER_EVENTS } from "../../manifest.js";
import { visibleDesign } from "../designs.js";

/** A user with the design's editor open, as `DesignEditorViewer` of the graph resolves it. */
export interface DesignEditorViewerData {
  userId: number;
  since: Date;
}

export interface DesignPresenceData {
  renewWithinSeconds: number;
  viewers: DesignEditorViewerData[];
}

/** Announces that who has a design's editor open may have changed (after the change committed). */
export type ViewersAnnouncer = (designId: string) => void;

export const EDITOR_TABS_PER_USER_MAX = 10;
/** A lapsed session leaves the viewers within a third of the lease, and within 5 seconds at most. */
export const sweepLapsedViewersEveryMs = (leaseSeconds: number) => Math.min(5_000, Math.ceil((leaseSeconds * 1000) / 3));

const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** Where the lock of a design's editor sessions is taken (with the design's hash as the second key). */
const DESIGN_VIEWERS_LOCK = 0x0e_d170;
const ENTER_TRANSACTION_MS = 10_000;

export function viewersAnnouncer(bus: Bus, log: Logger): ViewersAnnouncer {
  return (designId) => {
    bus.publish(DESIGN_VIEWER_EVENTS, { designId }).catch((error: unknown) => log.warn({ err: error, designId }, "a change of a design's viewers could not be announced"));
  };
}

/** Renewing within a third of the lease keeps a session open through one lost renewal. */
export function renewWithinSeconds(leaseSeconds: number): number {
  return Math.max(1, Math.floor(leaseSeconds / 3));
}

interface SessionKey {
  designId: string;
  userId: number;
  sessionId: string;
}

/** The caller's session of the design's editor: the tab's id checked, the design the caller's team's. */
async function sessionOf(ctx: DesignsContext, principal: DesignPrincipal, designId: string, sessionId: string): Promise<SessionKey> {
  if (!SESSION_ID.test(sessionId)) throw new ValidationError("sessionId", "sessionId must be 8 to 64 letters, digits, '_' or '-'");
  await visibleDesign(ctx, principal, designId);
  return { designId, userId: principal.userId, sessionId };
}

async function viewersOf(db: PrismaClient, designId: string, now: Date): Promise<DesignEditorViewerData[]> {
  const users = await db.designViewerSession.groupBy({
    by: ["userId"],
    where: { designId, expiresAt: { gt: now } },
    _min: { since: true },
    orderBy: [{ _min: { since: "asc" } }, { userId: "asc" }],
  });
  return users.map((user) => ({ userId: user.userId, since: user._min.since! }));
}

/** Who has the team's design's editor open now: one entry per user, earliest first (the subscription's twin). */
export async function designViewers(ctx: DesignsContext, principal: DesignPrincipal, designId: string, now = new Date()): Promise<DesignEditorViewerData[]> {
  await visibleDesign(ctx, principal, designId);
  return viewersOf(ctx.db, designId, now);
}

/**
 * Opens the caller's session in the tab `sessionId`, or renews it. A renewal only moves the lease; a new
 * session (or one that had lapsed) counts against the limits and is announced when its user was not a viewer yet.
 */
export async function enterDesignEditor(ctx: DesignsContext, principal: DesignPrincipal, request: { designId: string; sessionId: string }, now = new Date()): Promise<DesignPresenceData> {
  const key = await sessionOf(ctx, principal, request.designId, request.sessionId);
  const expiresAt = new Date(now.getTime() + ctx.limits.viewerLeaseSeconds * 1000);
  const renewed = await ctx.db.designViewerSession.updateMany({ where: { ...key, expiresAt: { gt: now } }, data: { expiresAt } });
  if (renewed.count === 0 && (await openSession(ctx, key, now, expiresAt))) ctx.announceViewers(key.designId);
  return { renewWithinSeconds: renewWithinSeconds(ctx.limits.viewerLeaseSeconds), viewers: await viewersOf(ctx.db, key.designId, now) };
}

/** Opens the session under the design's sessions lock, so the limits hold under concurrent entries; whether its user just became a viewer. */
async function openSession(ctx: DesignsContext, key: SessionKey, now: Date, expiresAt: Date): Promise<boolean> {
  return ctx.db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${DESIGN_VIEWERS_LOCK}::int, hashtext(${key.designId}))`;
      const open = await tx.designViewerSession.findMany({ where: { designId: key.designId, expiresAt: { gt: now } }, select: { userId: true, sessionId: true } });
      const users = open.filter((session) => session.userId === key.userId);
      if (users.some((session) => session.sessionId === key.sessionId)) {
        await tx.designViewerSession.update({ where: { designId_userId_sessionId: key }, data: { expiresAt } });
        return false;
      }
      const most = ctx.limits.viewerSessionsPerDesign;
      if (open.length >= most) throw new ConflictError(`This design's editor is open in ${most} places, the most it may be: try again when someone closes it`, { reason: "DESIGN_VIEWERS_FULL", limit: most });
      if (users.length >= EDITOR_TABS_PER_USER_MAX) {
        throw new ConflictError(`You have this design's editor open in ${EDITOR_TABS_PER_USER_MAX} tabs, the most one user may: close one first`, { reason: "TOO_MANY_EDITOR_TABS", limit: EDITOR_TABS_PER_USER_MAX });
      }
      await tx.designViewerSession.deleteMany({ where: key });
      await tx.designViewerSession.create({ data: { ...key, since: now, expiresAt } });
      return users.length === 0;
    },
    { timeout: ENTER_TRANSACTION_MS, maxWait: ENTER_TRANSACTION_MS },
  );
}

/** Closes the caller's own session in the tab `sessionId`: whether it was open (another user's session of the same id is untouched). */
export async function leaveDesignEditor(ctx: DesignsContext, principal: DesignPrincipal, request: { designId: string; sessionId: string }, now = new Date()): Promise<boolean> {
  const key = await sessionOf(ctx, principal, request.designId, request.sessionId);
  const closed = await ctx.db.designViewerSession.deleteMany({ where: { ...key, expiresAt: { gt: now } } });
  if (closed.count === 0) return false;
  ctx.announceViewers(key.designId);
  return true;
}

/** Forgets sessions whose lease ran out and announces each design that had one; how many were forgotten. */
export async function sweepLapsedViewers(db: PrismaClient, announce: ViewersAnnouncer, now = new Date()): Promise<number> {
  const lapsed = await db.$queryRaw<{ designId: string }[]>`DELETE FROM design_viewer_sessions WHERE "expiresAt" <= ${now} RETURNING "designId"`;
  for (const designId of new Set(lapsed.map((session) => session.designId))) announce(designId);
  return lapsed.length;
}
