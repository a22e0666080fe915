import { randomBytes } from "node:crypto";
import type { Design } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { NotFoundError, ValidationError } from "../../../lib/errors.js";
import { isResourceId, requiredText } from "../../../lib/validation.js";
import type { DesignsContext } from "../context.js";
import { resolveDesignType, type DesignTypeInput, type ResolvedDesignType } from "./design-types.js";
import { imageAssetOf, imageBox, pageSizeFor } from "./from-asset.js";

export const TITLE_MAX = 255;
export const DEFAULT_TITLE = "Untitled design";

/** Ids in the platform's style (`^[a-zA-Z0-9_-]{1,50}$`): a letter for the kind, then 16 random bytes. */
export function newId(prefix: "D" | "P" | "E"): string {
  return `${prefix}${randomBytes(16).toString("base64url")}`;
}

/** A design is its team's. */
export function isVisibleTo(design: Design | null, principal: DesignPrincipal): design is Design {
  return design !== null && design.teamId === principal.teamId;
}

/** The design if it is `teamId`'s: another team's and an unknown design (null) are the same design not found. */
export function ofTeam<D extends { teamId: string }>(design: D | null, teamId: string): D {
  if (!design || design.teamId !== teamId) throw new NotFoundError("Design not found", { entity: "design" });
  return design;
}

/** The design, for its team only: another team's and an unknown design are the same 404. */
export async function visibleDesign(ctx: DesignsContext, principal: DesignPrincipal, id: string): Promise<Design> {
  return ofTeam(isResourceId(id) ? await ctx.loaders.designById.load(id) : null, principal.teamId);
}

export interface CreateDesignInput {
  designType?: DesignTypeInput | null;
  assetId?: string | null;
  title?: string | null;
}

/**
 * A new design of the caller in the caller's team, with its first page; every check comes first. With
 * `assetId` (an image asset the team may use) the page holds that image: sized to the image when no
 * design type is given (a custom design), else the type's size with the image fitted and centred.
 */
export async function createDesign(ctx: DesignsContext, principal: DesignPrincipal, input: CreateDesignInput): Promise<Design> {
  const title = input.title === undefined || input.title === null ? DEFAULT_TITLE : requiredText(input.title, "title", TITLE_MAX);
  const hasAsset = input.assetId !== undefined && input.assetId !== null;
  if (!input.designType && !hasAsset) throw new ValidationError("design_type", "design_type or asset_id is required");
  const given = input.designType ? resolveDesignType(input.designType) : undefined;
  const asset = hasAsset ? await imageAssetOf(ctx.db, input.assetId!, principal.teamId) : undefined;
  const type: ResolvedDesignType = given ?? { typeKind: "custom", preset: null, ...pageSizeFor(asset!.width, asset!.height) };
  const image = asset ? { id: newId("E"), kind: "image" as const, z: 0, assetId: asset.id, ...imageBox(asset, type) } : undefined;
  return ctx.db.design.create({
    data: {
      id: newId("D"),
      title,
      titleKey: title.toLowerCase(),
      ownerId: principal.userId,
      teamId: principal.teamId,
      typeKind: type.typeKind,
      preset: type.preset,
      pages: { create: [{ id: newId("P"), index: 1, width: type.width, height: type.height, ...(image ? { elements: { create: [image] } } : {}) }] },
    },
  });
}
