import assert from "node:assert/strict";
import { ASSET_SCOPES } from "./assets.js";
import { DESIGN_SCOPES, designScopedToken, setPlan, startDesignPlatform } from "./designs.js";
import type { HttpClient } from "./http.js";
import type { People } from "./people.js";
import { DESIGN_DOMAINS, type TestDomains, type TestPlatform } from "./platform.js";

export const BRAND_TEMPLATE_SCOPES = "brandtemplate:meta:read brandtemplate:content:read";
export const EVERY_SCOPE = `${DESIGN_SCOPES} ${ASSET_SCOPES} ${BRAND_TEMPLATE_SCOPES}`;

/** A token of `person` with `scope`, through a fresh integration allowed every design, asset and brand template scope. */
export function templateToken(http: HttpClient, p: People, person: People["client"], scope = EVERY_SCOPE): Promise<string> {
  return designScopedToken(http, p, person, scope, EVERY_SCOPE);
}

export interface TemplatePlatform {
  t: TestPlatform;
  p: People;
  /** The client (enterprise team) with every scope. */
  token: string;
  /** A member of the client's team with every scope. */
  teammate: string;
  /** Staff, of another enterprise team, with every scope. */
  outsider: string;
  /** The admin, whose team is on the free plan, with every scope. */
  freePlan: string;
}

/** The design platform with the client's team and the staff's team on the enterprise plan. */
export async function startTemplatePlatform(env?: Record<string, string>, domains: TestDomains = [...DESIGN_DOMAINS, "brand-templates"]): Promise<TemplatePlatform> {
  const { t, p } = await startDesignPlatform(env, domains);
  await setPlan(t, p.client.userId, "enterprise");
  await setPlan(t, p.staff.userId, "enterprise");
  const [token, teammate, outsider, freePlan] = await Promise.all([p.client, p.otherClient, p.staff, p.admin].map((person) => templateToken(t.http, p, person)));
  return { t, p, token, teammate, outsider, freePlan };
}

/** The ids of the first page's elements of a `designWithContent` design: its text, its image and its shape. */
export async function firstPageElements(t: TestPlatform, designId: string): Promise<{ text: string; image: string; shape: string }> {
  const db = t.platform.runtime.db.prisma;
  const elements = await db.designElement.findMany({ where: { page: { designId, index: 1 } } });
  const of = (kind: string) => elements.find((element) => element.kind === kind)!.id;
  return { text: of("text"), image: of("image"), shape: of("shape") };
}

export const PUBLISH = `mutation($designId: ID!, $title: String, $fields: [BrandTemplateFieldInput!]!) {
  publishBrandTemplate(designId: $designId, title: $title, fields: $fields) { id title viewUrl createUrl createdAt updatedAt } }`;

export type FieldInput = { name: string; type: "text" | "image" | "chart"; elementId: string };

/** Publishes the design as a template and answers the template (failing the test on any error). */
export async function published(t: TestPlatform, token: string, designId: string, fields: FieldInput[], title?: string): Promise<{ id: string; title: string }> {
  const response = await t.http.graphql(PUBLISH, { designId, title, fields }, token);
  assert.equal(response.body.errors, undefined, response.text);
  return response.body.data.publishBrandTemplate;
}

/** The standard fields of a `designWithContent` design: its text as `headline`, its image as `photo`, a chart over its shape as `sales`. */
export async function standardFields(t: TestPlatform, designId: string): Promise<FieldInput[]> {
  const elements = await firstPageElements(t, designId);
  return [
    { name: "headline", type: "text", elementId: elements.text },
    { name: "photo", type: "image", elementId: elements.image },
    { name: "sales", type: "chart", elementId: elements.shape },
  ];
}
