import type { BrandTemplate, BrandTemplateField, Prisma } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { LISTING_ORDER, listingPage, ownershipFilter, pageOf, type ListingArgs } from "../../../lib/db/signed-listing.js";
import { NotFoundError } from "../../../lib/errors.js";
import { isResourceId } from "../../../lib/validation.js";
import { requireCapability } from "../../identity/public.js";
import type { BrandTemplatesContext } from "../context.js";

export type DatasetFilter = "any" | "non_empty";

export interface BrandTemplateListArgs extends ListingArgs {
  dataset?: DatasetFilter | null;
}

/** Reading brand templates needs the `brand_template` capability (enterprise plans): forbidden otherwise. */
export function requireBrandTemplates(ctx: Pick<BrandTemplatesContext, "db">, principal: DesignPrincipal): Promise<void> {
  return requireCapability(ctx.db, principal.teamId, "brand_template", "Brand templates");
}

/**
 * The caller's team's template by its current id, or by its former-format id until that alias
 * expires; an unknown id, another team's template and an expired alias are the same not found.
 */
export async function teamTemplate(ctx: Pick<BrandTemplatesContext, "db">, principal: DesignPrincipal, id: string, now = new Date()): Promise<BrandTemplate> {
  const template = isResourceId(id)
    ? await ctx.db.brandTemplate.findFirst({ where: { OR: [{ id }, { legacyId: id, legacyIdExpiresAt: { gt: now } }] } })
    : null;
  if (!template || template.teamId !== principal.teamId) throw new NotFoundError("Brand template not found", { entity: "brand_template" });
  return template;
}

/** A template's data fields in the order they were declared. */
export function templateFields(ctx: Pick<BrandTemplatesContext, "db">, templateId: string): Promise<BrandTemplateField[]> {
  return ctx.db.brandTemplateField.findMany({ where: { templateId }, orderBy: { position: "asc" } });
}

/**
 * The team's templates, `limit` at a time, with the designs listing's query, ownership, order and
 * signed continuation (bound to the caller and the same filters, the dataset filter included).
 */
export async function listTemplates(ctx: BrandTemplatesContext, principal: DesignPrincipal, args: BrandTemplateListArgs): Promise<{ items: BrandTemplate[]; continuation: string | null }> {
  await requireBrandTemplates(ctx, principal);
  const dataset = args.dataset ?? "any";
  const page = listingPage(args, principal, ctx.continuationKey, [dataset]);
  const where: Prisma.BrandTemplateWhereInput = {
    teamId: principal.teamId,
    ...ownershipFilter(page.ownership, principal.userId),
    ...(page.query ? { title: { contains: page.query, mode: "insensitive" } } : {}),
    ...(dataset === "non_empty" ? { fields: { some: {} } } : {}),
  };
  const rows = await ctx.db.brandTemplate.findMany({ where, orderBy: LISTING_ORDER[page.sortBy], skip: page.offset, take: page.limit + 1 });
  return pageOf(rows, page, ctx.continuationKey);
}
