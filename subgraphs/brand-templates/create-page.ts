import type { Express, Request, Response } from "express";
import { escapeHtml, htmlPageHeaders } from "../../lib/html-page.js";
import { secondsToWait, type Limiter } from "../../lib/rate-limit.js";
import { designUrls } from "../designs/public.js";
import { teamCapabilities, teamsOfUsers } from "../identity/public.js";
import type { BrandTemplatesDependencies } from "./context.js";
import { checkCreateLink } from "./domain/create-links.js";
import { designFromTemplate } from "./domain/template-designs.js";

/** Designs one template's create links make per minute, whoever holds them (documented). */
export const CREATIONS_PER_TEMPLATE_PER_MINUTE = 30;

type CreateDependencies = Pick<BrandTemplatesDependencies, "db" | "log" | "publicUrl" | "viewKey" | "createLinkKey" | "designBudgets">;

/** A self-contained refusal page: no script, nothing of the template. */
function refusal(res: Response, status: number, message: string): void {
  res
    .status(status)
    .set({ ...htmlPageHeaders(), "cache-control": "no-store" })
    .type("html")
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Design not created</title></head><body><h1>Design not created</h1><p>${escapeHtml(message)}</p></body></html>`);
}

/**
 * `GET /brand-templates/<id>/create?token=…`: for whoever holds the template's unaltered, unexpired
 * create link, a new design from the template owned by the user the link was handed to, in their team,
 * then a 303 to that design's edit link: reloading what the browser shows then reloads the design and
 * makes no second one. The template must still be that team's and the team's plan hold `brand_template`.
 */
export function mountCreateLinks(app: Express, deps: CreateDependencies, creations: Limiter): void {
  app.get("/brand-templates/:templateId/create", async (req: Request<{ templateId: string }>, res: Response) => {
    const { templateId } = req.params;
    const grant = checkCreateLink(deps.createLinkKey, templateId, req.query.token);
    if (grant === "expired") return refusal(res, 403, "This link has expired. Ask for a new one.");
    if (grant === "invalid") return refusal(res, 403, "This link is not valid.");
    const wait = await secondsToWait(creations, templateId);
    if (wait !== null) {
      res.set("retry-after", String(wait));
      return refusal(res, 429, "Too many designs were made from this template in the last minute. Try again shortly.");
    }
    try {
      const template = await deps.db.brandTemplate.findUnique({ where: { id: templateId }, include: { fields: { orderBy: { position: "asc" } } } });
      const stillMember = (await teamsOfUsers(deps.db, [grant.user])).get(grant.user) === grant.team;
      if (!template || template.teamId !== grant.team || !stillMember) return refusal(res, 404, "This brand template is no longer available.");
      if (!(await teamCapabilities(deps.db, grant.team)).includes("brand_template")) return refusal(res, 403, "Your team's plan no longer includes brand templates.");
      const designId = await designFromTemplate(deps.db, template, template.fields, { userId: grant.user, teamId: grant.team }, deps.designBudgets);
      res.set("cache-control", "no-store").redirect(303, designUrls(deps, designId).editUrl);
    } catch (error) {
      deps.log.error({ err: error, templateId }, "a design could not be made from a brand template");
      refusal(res, 500, "The design cannot be made right now.");
    }
  });
}
