import type { DesignEdit, Prisma, PrismaClient } from "../../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../../lib/auth/design-principal.js";
import { GoneError, PayloadTooLargeError, ValidationError } from "../../../../lib/errors.js";
import type { DesignsContext } from "../../context.js";
import type { ContentBudgets } from "../content-budget.js";
import { visibleDesign } from "../designs.js";

/** An edit as `DesignChange` of the graph resolves it. */
export type DesignChangeData = Pick<DesignEdit, "designId" | "version" | "authorId" | "at" | "operations" | "changedElementIds" | "removedElementIds">;

/** How long edits are kept at least, and how many of a design's last ones are kept whatever their age. */
export const EDITS_KEPT_MS = 24 * 60 * 60 * 1000;
export const EDITS_KEPT_LAST = 1000;
export const EDITS_PAGE_MAX = 1000;
export const PRUNE_EDITS_EVERY_MS = 60 * 60 * 1000;

function answerTooLarge(budgets: ContentBudgets): PayloadTooLargeError {
  return new PayloadTooLargeError(`This request's edits would exceed ${budgets.editsAnswerBytes} bytes: ask for them in separate requests`, { reason: "EDITS_ANSWER_TOO_LARGE" });
}

/**
 * The design's edits after `sinceVersion`, oldest first: at most `limit`, and at most
 * `editsPageBytes` of them (always one at least), so an answer is bounded whatever the edits hold; a
 * client asks again from the last version given until the answer is empty. `GONE` when some of them are
 * no longer kept; `PAYLOAD_TOO_LARGE` when the request's answer would carry more than `editsAnswerBytes`.
 */
export async function editsSince(ctx: DesignsContext, principal: DesignPrincipal, designId: string, sinceVersion: number, limit = EDITS_PAGE_MAX): Promise<DesignChangeData[]> {
  const design = await visibleDesign(ctx, principal, designId);
  if (!Number.isInteger(limit) || limit < 1 || limit > EDITS_PAGE_MAX) throw new ValidationError("limit", `limit must be 1 to ${EDITS_PAGE_MAX}`);
  if (!Number.isInteger(sinceVersion) || sinceVersion < 0 || sinceVersion > design.version) {
    throw new ValidationError("sinceVersion", `sinceVersion must be 0 to the design's version (${design.version})`);
  }
  if (sinceVersion === design.version) return [];
  const sizes = await ctx.db.designEdit.findMany({ where: { designId, version: { gt: sinceVersion } }, orderBy: { version: "asc" }, take: limit, select: { version: true, bytes: true } });
  if (sizes[0]?.version !== sinceVersion + 1) {
    const oldest = await ctx.db.designEdit.findFirst({ where: { designId }, orderBy: { version: "asc" }, select: { version: true } });
    throw new GoneError(`Edits after version ${sinceVersion} are no longer kept: read the design again`, { oldestVersion: oldest?.version ?? design.version, version: design.version });
  }
  const budgets = ctx.limits.content;
  const answer = ctx.loaders.editsAnswer;
  const pageBytes = Math.min(budgets.editsPageBytes, answer.left);
  let bytes = sizes[0].bytes;
  let last = sizes[0].version;
  for (const size of sizes.slice(1)) {
    if (bytes + size.bytes > pageBytes) break;
    bytes += size.bytes;
    last = size.version;
  }
  if (bytes > answer.left) throw answerTooLarge(budgets);
  answer.left -= bytes;
  return ctx.db.designEdit.findMany({ where: { designId, version: { gt: sinceVersion, lte: last } }, orderBy: { version: "asc" } });
}

/**
 * One edit of the design (the subscription's twin): `version` as the gateway passes it, or the latest
 * edit when null — for a design never edited, version 0 by its owner at its creation, with no operations.
 */
export async function changeOf(ctx: DesignsContext, principal: DesignPrincipal, designId: string, version: string | null | undefined): Promise<DesignChangeData> {
  const design = await visibleDesign(ctx, principal, designId);
  const wanted = version === null || version === undefined ? design.version : Number(version);
  if (!Number.isInteger(wanted) || wanted < 0 || wanted > design.version) throw new ValidationError("version", `version must be 0 to the design's version (${design.version})`);
  if (wanted === 0) return { designId, version: 0, authorId: design.ownerId, at: design.createdAt, operations: [], changedElementIds: [], removedElementIds: [] };
  // One edit is read whole (a recorded edit is bounded by DESIGN_EDIT_BYTES_MAX), then counted against the request's answer.
  const edit = await ctx.db.designEdit.findUnique({ where: { designId_version: { designId, version: wanted } } });
  if (!edit) throw new GoneError(`Edit ${wanted} is no longer kept: read the design again`, { version: design.version });
  if (edit.bytes > ctx.loaders.editsAnswer.left) throw answerTooLarge(ctx.limits.content);
  ctx.loaders.editsAnswer.left -= edit.bytes;
  return edit;
}

/** Forgets edits older than a day, except each design's last 1000; returns how many. */
export async function pruneEdits(db: Pick<PrismaClient, "$queryRaw">, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - EDITS_KEPT_MS);
  const [{ removed }] = await db.$queryRaw<{ removed: number }[]>`
    WITH gone AS (
      DELETE FROM design_edits AS e USING designs AS d
      WHERE e."designId" = d.id AND e."at" < ${cutoff} AND e."version" <= d."version" - ${EDITS_KEPT_LAST}
      RETURNING e."designId", e.bytes
    ), freed AS (
      UPDATE designs AS d SET "editBytesKept" = greatest(0, d."editBytesKept" - g.total)
      FROM (SELECT "designId", sum(bytes)::int AS total FROM gone GROUP BY "designId") AS g WHERE d.id = g."designId"
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM gone)::int AS removed`;
  return removed;
}

/** An edit as recorded: what `designEdits` and `designChanged` give back. */
export interface EditRecord {
  version: number;
  authorId: number;
  operations: unknown[];
  changedElementIds: string[];
  removedElementIds: string[];
}

/** What an edit weighs as kept: its operations and element ids as JSON text, in bytes. */
export function editBytesOf(edit: Pick<EditRecord, "operations" | "changedElementIds" | "removedElementIds">): number {
  return Buffer.byteLength(JSON.stringify(edit.operations)) + Buffer.byteLength(JSON.stringify(edit.changedElementIds)) + Buffer.byteLength(JSON.stringify(edit.removedElementIds));
}

type HistoryWriter = Pick<Prisma.TransactionClient, "designEdit" | "$executeRaw" | "$queryRaw">;

/**
 * Records an edit other than `editDesign`'s (a merge's replacement of every page) in the transaction
 * that made it. One heavier than an edit may be is not kept, and neither is anything before it: its
 * followers read the design again (`GONE`), as after any edit no longer kept.
 */
export async function recordEdit(db: HistoryWriter, designId: string, edit: EditRecord, budgets: ContentBudgets): Promise<void> {
  const bytes = editBytesOf(edit);
  if (bytes > budgets.editBytes) {
    await db.designEdit.deleteMany({ where: { designId } });
    await db.$executeRaw`UPDATE designs SET "editBytesKept" = 0 WHERE id = ${designId}`;
    return;
  }
  await db.designEdit.create({ data: { designId, ...edit, operations: edit.operations as Prisma.InputJsonValue, bytes } });
  const [{ kept }] = await db.$queryRaw<{ kept: number }[]>`
    UPDATE designs SET "editBytesKept" = "editBytesKept" + ${bytes} WHERE id = ${designId} RETURNING "editBytesKept" AS kept`;
  await keepHistoryWithin(db, designId, edit.version, kept, budgets);
}

/**
 * When the design's kept edits weigh more than `historyBytes`, forgets its oldest ones (never the one
 * just made) down to three quarters of it, so that forgetting is rare: readers from before what is kept
 * get `GONE` and read the design again.
 */
export async function keepHistoryWithin(db: Pick<Prisma.TransactionClient, "$executeRaw">, designId: string, latest: number, kept: number, budgets: ContentBudgets): Promise<void> {
  if (kept <= budgets.historyBytes) return;
  const excess = kept - Math.floor((budgets.historyBytes * 3) / 4);
  await db.$executeRaw`
    WITH running AS (
      SELECT version, bytes, sum(bytes) OVER (ORDER BY version) AS freed FROM design_edits WHERE "designId" = ${designId} AND version < ${latest}
    ), gone AS (
      DELETE FROM design_edits AS e USING running AS r
      WHERE e."designId" = ${designId} AND e.version = r.version AND r.freed - r.bytes < ${excess}
      RETURNING e.bytes
    )
    UPDATE designs SET "editBytesKept" = greatest(0, "editBytesKept" - (SELECT coalesce(sum(bytes), 0) FROM gone)::int) WHERE id = ${designId}`;
}
