// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { Ajv } from "ajv";
import { parse } from "yaml";
import { designWithContent } from "../../../testing/exports.js";
import { EVERY_SCOPE, firstPageElements, published, standardFields, startTemplatePlatform, type TemplatePlatform } from "../../../testing/brand-templates.js";
import { designScopedToken } from "../../../testing/designs.js";

const PUBLISH_SCOPE = `${EVERY_SCOPE} brandtemplate:content:write`;
const SPEC = parse(readFileSync(new URL("../../../rest-adapter/openapi/contract/design-platform.yml", import.meta.url), "utf8"));
const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
ajv.addSchema(SPEC, "spec");
const validate = ajv.compile({ $ref: "spec#/components/schemas/PublishBrandTemplateResponse" });
const validAnswer = (body: unknown): boolean => validate(body);

let s: TemplatePlatform;
/** The client's token that may publish (`brandtemplate:content:write`), and the outsider's. */
let publisher: string;
let outsiderPublisher: string;
const db = () => s.t.platform.runtime.db.prisma;
const tokenOf = (person: TemplatePlatform["p"]["client"], scope = PUBLISH_SCOPE) => designScopedToken(s.t.http, s.p, person, scope, PUBLISH_SCOPE);
const publish = (designId: unknown, token = publisher) => s.t.http.post("/v1/brand-templates", { design_id: designId }, { token });

before(async () => {
  s = await startTemplatePlatform();
  [publisher, outsiderPublisher] = await Promise.all([s.p.client, s.p.staff].map((person) => tokenOf(person)));
});
after(() => s.t.stop());

describe("POST /v1/brand-templates (publishBrandTemplate)", () => {
  test("a design published for the first time becomes a template with no data fields; the answer is the current specification's", async () => {
    const designId = await designWithContent(s.t, s.token, "Flyer");
    const answer = await publish(designId);
    assert.equal(answer.status, 200, answer.text);
    assert.ok(validAnswer(answer.body), JSON.stringify(validate.errors));
    assert.equal(answer.body.brand_template.title, "Flyer");
    const read = await s.t.http.get(`/v1/brand-templates/${answer.body.brand_template.id}`, { token: s.token });
    assert.equal(read.body.brand_template.id, answer.body.brand_template.id);
    const dataset = await s.t.http.get(`/v1/brand-templates/${answer.body.brand_template.id}/dataset`, { token: s.token });
    assert.deepEqual(dataset.body, { dataset: {} });
  });

  test("republishing keeps the template's id and data fields and takes the design as it is now", async () => {
    const designId = await designWithContent(s.t, s.token, "Poster");
    const template = await published(s.t, s.token, designId, await standardFields(s.t, designId));
    const before = await db().brandTemplate.findUniqueOrThrow({ where: { id: template.id } });
    const source = await firstPageElements(s.t, designId);
    await db().designElement.update({ where: { id: source.text }, data: { text: "Edited since" } });
    const answer = await publish(designId);
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.brand_template.id, template.id);
    const after = await db().brandTemplate.findUniqueOrThrow({ where: { id: template.id }, include: { fields: { orderBy: { position: "asc" } } } });
    assert.notEqual(after.designId, before.designId);
    assert.equal(await db().design.count({ where: { id: before.designId } }), 0, "the former snapshot is gone");
    const headline = await db().designElement.findUniqueOrThrow({ where: { id: after.fields[0].elementId } });
    assert.equal(headline.text, "Edited since");
    assert.deepEqual(after.fields.map((field) => field.name), ["headline", "photo", "sales"]);
    assert.equal(await db().brandTemplate.count({ where: { sourceDesignId: designId } }), 1);
  });

  test("republishes racing: every one answers the same template, which keeps one snapshot and its fields", async () => {
    const designId = await designWithContent(s.t, s.token, "Raced");
    const template = await published(s.t, s.token, designId, await standardFields(s.t, designId));
    const answers = await Promise.all(Array.from({ length: 4 }, () => publish(designId)));
    assert.deepEqual(answers.map((answer) => [answer.status, answer.body.brand_template?.id]), Array.from({ length: 4 }, () => [200, template.id]), answers.map((answer) => answer.text).join("\n"));
    const row = await db().brandTemplate.findUniqueOrThrow({ where: { id: template.id }, include: { fields: true } });
    assert.equal(await db().design.count({ where: { teamId: template.id } }), 1, "one snapshot is held by the template; the losers' were removed");
    const snapshotElements = new Set((await db().designElement.findMany({ where: { page: { designId: row.designId } } })).map((element) => element.id));
    assert.ok(row.fields.every((field) => snapshotElements.has(field.elementId)), "every field fills an element of the snapshot the template holds");
  });

  test("a republish that would lose a data field's element is refused and changes nothing", async () => {
    const designId = await designWithContent(s.t, s.token, "Banner");
    const template = await published(s.t, s.token, designId, await standardFields(s.t, designId));
    const before = await db().brandTemplate.findUniqueOrThrow({ where: { id: template.id }, include: { fields: true } });
    await db().designElement.delete({ where: { id: (await firstPageElements(s.t, designId)).image } });
    const designsBefore = await db().design.count();
    const answer = await publish(designId);
    assert.equal(answer.status, 400, answer.text);
    assert.equal(answer.body.code, "bad_request_params");
    assert.match(answer.body.message, /"photo"/);
    assert.deepEqual(await db().brandTemplate.findUniqueOrThrow({ where: { id: template.id }, include: { fields: true } }), before);
    assert.equal(await db().design.count(), designsBefore);
  });

  test("refusals: a malformed id 400, another team's or an unknown design 404, a token that may only read 403, a plan without brand templates 403", async () => {
    const designId = await designWithContent(s.t, s.token, "Mine");
    for (const malformed of ["", "has space", "x".repeat(51), 42, null]) {
      const answer = await publish(malformed);
      assert.deepEqual([answer.status, answer.body.code], [400, "bad_request_params"], `${JSON.stringify(malformed)}: ${answer.text}`);
    }
    for (const [id, token] of [[designId, outsiderPublisher], ["DAFFFFFFFFF", publisher]]) {
      const answer = await publish(id, token);
      assert.deepEqual([answer.status, answer.body.code], [404, "not_found"], answer.text);
    }
    const readOnly = await publish(designId, await tokenOf(s.p.client, "brandtemplate:meta:read brandtemplate:content:read"));
    assert.deepEqual([readOnly.status, readOnly.body.code], [403, "missing_scope"], readOnly.text);
    const freePlan = await tokenOf(s.p.admin);
    const free = await publish(designId, freePlan);
    assert.equal(free.status, 403, free.text);
    assert.equal(await db().brandTemplate.count({ where: { sourceDesignId: designId } }), 0);
  });
});
