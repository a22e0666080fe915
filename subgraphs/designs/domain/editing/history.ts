import type { DesignEdit, PrismaClient } from "../../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../../lib/auth/design-principal.js";
import { GoneError, ValidationError } from "../../../../lib/errors.js";
import type { DesignsContext } from "../../context.js";
import { visibleDesign } from "../designs.js";

/** An edit as `DesignChange` of the graph resolves it. */
export type DesignChangeData = Pick<DesignEdit, "designId" | "version" | "authorId" | "at" | "operations" | "changedElementIds" | "removedElementIds">;

/** How long edits are kept at least, and how many of a design's last ones are kept whatever their age. */
export const EDITS_KEPT_MS = 24 * 60 * 60 * 1000;
export const EDITS_KEPT_LAST = 1000;
export const EDITS_PAGE_MAX = 1000;
export const PRUNE_EDITS_EVERY_MS = 60 * 60 * 1000;

/** The design's edits after `sinceVersion`, oldest first (at most `limit`); `GONE` when some of them are no longer kept. */
export async function editsSince(ctx: DesignsContext, principal: DesignPrincipal, designId: string, sinceVersion: number, limit = EDITS_PAGE_MAX): Promise<DesignChangeData[]> {
  const design = await visibleDesign(ctx, principal, designId);
  if (!Number.isInteger(limit) || limit < 1 || limit > EDITS_PAGE_MAX) throw new ValidationError("limit", `limit must be 1 to ${EDITS_PAGE_MAX}`);
  if (!Number.isInteger(sinceVersion) || sinceVersion < 0 || sinceVersion > design.version) {
    throw new ValidationError("sinceVersion", `sinceVersion must be 0 to the design's version (${design.version})`);
  }
  if (sinceVersion === design.version) return [];
  const edits = await ctx.db.designEdit.findMany({ where: { designId, version: { gt: sinceVersion } }, orderBy: { version: "asc" }, take: limit });
  if (edits[0]?.version !== sinceVersion + 1) {
    const oldest = await ctx.db.designEdit.findFirst({ where: { designId }, orderBy: { version: "asc" }, select: { version: true } });
    throw new GoneError(`Edits after version ${sinceVersion} are no longer kept: read the design again`, { oldestVersion: oldest?.version ?? design.version, version: design.version });
  }
  return edits;
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
  const edit = await ctx.db.designEdit.findUnique({ where: { designId_version: { designId, version: wanted } } });
  if (!edit) throw new GoneError(`Edit ${wanted} is no longer kept: read the design again`, { version: design.version });
  return edit;
}

/** Forgets edits older than a day, except each design's last 1000. */
export async function pruneEdits(db: PrismaClient, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - EDITS_KEPT_MS);
  return db.$executeRaw`DELETE FROM design_edits AS e USING designs AS d WHERE e."designId" = d.id AND e."at" < ${cutoff} AND e."version" <= d."version" - ${EDITS_KEPT_LAST}`;
}
