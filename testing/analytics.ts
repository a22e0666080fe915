import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { Ajv, type ValidateFunction } from "ajv";
import { parse } from "yaml";
import { onPlatform } from "./assets.js";
import { setPlan, startDesignPlatform, type DesignPlatform } from "./designs.js";
import type { HttpClient } from "./http.js";
import { DESIGN_DOMAINS } from "./platform.js";

const SPEC = parse(readFileSync(new URL("../rest-adapter/openapi/contract/design-platform.yml", import.meta.url), "utf8"));
const ajv = new Ajv({ strict: false, allErrors: true, discriminator: true });
ajv.addSchema(SPEC, "spec");

/** The schema of an operation's 200 answer in the design platform's current specification, as a generated client checks it. */
export function specAnswer(method: "get" | "post", path: string): ValidateFunction {
  const operation = SPEC.paths[path]?.[method];
  assert.ok(operation, `${method.toUpperCase()} ${path} is in the current specification`);
  return ajv.compile({ $ref: `spec${operation.responses["200"].content["application/json"].schema.$ref}` });
}

/** The specification's error body: `{ code, message }` with one of its codes. */
export const specError: ValidateFunction = ajv.compile({ $ref: "spec#/components/schemas/Error" });

export function assertMatchesSpec(validate: ValidateFunction, body: unknown, what: string): void {
  assert.ok(validate(body), `${what}: ${JSON.stringify(validate.errors, null, 1)}\n${JSON.stringify(body)}`);
}

/**
 * A design platform with the analytics domain, the client's and the outsider's teams on the enterprise
 * plan (which holds `analytics`), and the gateway trusting `X-Forwarded-For` from loopback, so a test
 * can open links as viewers at different addresses.
 */
export async function startAnalyticsPlatform(): Promise<DesignPlatform> {
  const d = await startDesignPlatform({ TRUST_PROXY: "loopback" }, [...DESIGN_DOMAINS, "analytics"]);
  await setPlan(d.t, d.p.client.userId, "enterprise");
  await setPlan(d.t, d.p.staff.userId, "enterprise");
  return d;
}

/** Opens a design's signed link in the viewer as a browser at `address` would. */
export function openLink(http: HttpClient, link: string, address: string): Promise<Response> {
  return fetch(onPlatform(http, link), { headers: { "x-forwarded-for": address } });
}

/** Waits until the design's analytics count `views` (views are recorded after the viewer answered), and gives them. */
export async function analyticsOnceCounted(http: HttpClient, token: string, designId: string, views: number): Promise<{ total_view_count: number; unique_view_count: number }> {
  for (let attempt = 0; ; attempt++) {
    const answer = await http.get(`/v1/designs/${designId}/analytics`, { token });
    assert.equal(answer.status, 200, answer.text);
    if (answer.body.total_view_count === views || attempt === 50) return answer.body;
    await sleep(100);
  }
}

/** Waits for the start of the next minute when less than `seconds` of this one are left: views that must fall in one minute do. */
export async function withinOneMinute(seconds = 20): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await sleep(left + 50);
}
