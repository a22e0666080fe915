import type { PrismaClient } from "../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../lib/auth/design-principal.js";
import type { ContentBudgets } from "../designs/public.js";
import { designFromTemplate } from "./domain/template-designs.js";
import { requireBrandTemplates, teamTemplate, templateFields } from "./domain/templates.js";

/**
 * What other domains may ask of the brand-templates domain in the same process: a design made from
 * one of the caller's team's templates (the designs domain's `createDesignFromBrandTemplate`). Nothing
 * else of `subgraphs/brand-templates/` is theirs to import.
 */

/**
 * A new design of the caller in the caller's team from the team's template, with its dataset; the
 * `brand_template` capability is required (forbidden otherwise) and another team's template is not
 * found. Returns the design's id.
 */
export async function createDesignFromTeamTemplate(db: PrismaClient, principal: DesignPrincipal, request: { brandTemplateId: string; pageNumbers?: readonly number[] | null; budgets: ContentBudgets }): Promise<string> {
  const ctx = { db };
  await requireBrandTemplates(ctx, principal);
  const template = await teamTemplate(ctx, principal, request.brandTemplateId);
  return designFromTemplate(db, template, await templateFields(ctx, template.id), principal, request.budgets, request.pageNumbers);
}
