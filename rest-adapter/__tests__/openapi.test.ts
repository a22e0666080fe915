// @tier unit
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { composeForTests } from "../../testing/query-plans.js";
import { openApiDocument, platformOf, supergraphSchema, type Platform } from "../openapi/document.js";
import { REST_SERVICES } from "../services.js";
import { SCOPES } from "../../lib/auth/design-scopes.js";
import { documentedRates } from "../rates.js";
import { DOMAINS } from "../../subgraphs/registry.js";
import { specOperations } from "../openapi/spec-operations.js";

type Document = { openapi: string; paths: Record<string, Record<string, any>>; components: any };
const documents = {} as Record<Platform, Document>;

before(async () => {
  const schema = supergraphSchema(await composeForTests());
  for (const platform of ["business", "design"] as const) documents[platform] = openApiDocument(platform, REST_SERVICES, schema, documentedRates(DOMAINS)) as Document;
});

describe("OpenAPI documents of the REST paths", () => {
  for (const platform of ["business", "design"] as const) {
    test(`the ${platform} platform's document is valid OpenAPI 3.1`, async () => {
      const result = await new Validator().validate(structuredClone(documents[platform]));
      assert.equal(documents[platform].openapi, "3.1.0");
      assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2)?.slice(0, 4000));
    });
  }

  test("every route of every route table appears, with its method, path parameters and success status", () => {
    let routes = 0;
    for (const service of REST_SERVICES) {
      for (const route of service.routes) {
        const path = `${service.prefix}${route.path}`.replace(/:(\w+)/g, "{$1}").replace(/(.)\/$/, "$1");
        const operation = documents[platformOf(service)].paths[path]?.[route.method.toLowerCase()];
        assert.ok(operation, `${route.method} ${path} is missing from the ${platformOf(service)} document`);
        assert.deepEqual(operation.parameters.map((p: { name: string }) => p.name), [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]));
        assert.ok(operation.responses[String(route.status ?? 200)], `${route.method} ${path} documents its success status`);
        routes++;
      }
    }
    assert.ok(routes > 100, `only ${routes} routes`);
    for (const document of Object.values(documents)) {
      const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
      assert.equal(new Set(ids).size, ids.length, "operationIds are unique");
    }
  });

  test("security: the design platform's OAuth 2.0 scopes per path, business bearer tokens, public paths open", () => {
    const { design, business } = documents;
    assert.deepEqual(design.paths["/v1/asset-uploads"].post.security, [{ oauth2: ["asset:write"] }]);
    assert.deepEqual(design.paths["/v1/asset-uploads/{jobId}"].get.security, [{ oauth2: ["asset:read"] }]);
    assert.deepEqual(design.paths["/v1/oauth/token"].post.security, []);
    assert.ok("asset:read" in design.components.securitySchemes.oauth2.flows.authorizationCode.scopes);
    const authenticated = Object.values(business.paths).flatMap((item) => Object.values(item)).filter((operation) => operation.security.length > 0);
    assert.ok(authenticated.length > 20, `${authenticated.length} business operations need a token`);
    assert.deepEqual(authenticated[0].security, [{ bearerAuth: [] }]);
    assert.deepEqual(business.paths["/api/auth/login-email-password"].post.security, []);
  });

  test("bodies and errors: request members from the graph's input types, results from its types, each platform's error shape", () => {
    const { design, business } = documents;
    const upload = design.paths["/v1/asset-uploads"].post;
    assert.ok(upload.requestBody.content["application/octet-stream"]);
    const job = upload.responses["200"].content["application/json"].schema.properties.job;
    assert.deepEqual(job.properties.status.enum?.sort(), ["failed", "in_progress", "success"], "the documented body's job, with the graph's enum");
    assert.deepEqual(upload.responses["4XX"].content["application/json"].schema, { $ref: "#/components/schemas/DesignError" });
    const login = business.paths["/api/auth/login-email-password"].post;
    assert.ok(Object.keys(login.requestBody.content["application/json"].schema.properties).length > 0);
    assert.deepEqual(login.responses["4XX"].content["application/json"]?.schema ?? login.responses["4XX"].content["text/plain"].schema, login.responses["4XX"].content["application/json"] ? { $ref: "#/components/schemas/BusinessError" } : { type: "string" });
  });

  test("design operations carry the specification's own summaries and descriptions, not their path again", () => {
    const { design } = documents;
    const upload = design.paths["/v1/asset-uploads"].post;
    assert.equal(upload.summary, "Create asset upload job");
    assert.match(upload.description, /^Starts a new \[asynchronous job\]\(https:\/\/www\.canva\.dev\/docs\/connect\/api-requests-responses\/#asynchronous-job-endpoints\) to upload an asset/);
    assert.match(upload.description, /Runs the graph's mutation `createAssetUploadJob`\.$/);
    assert.equal(design.paths["/auth/v1/oauth/token"].post.summary, "Exchange access token", "the OAuth paths under /auth/v1 too");
    assert.match(design.paths["/v1/designs/{designId}/analytics"].get.description, /^> \*\*Warning:\*\* This API is currently provided as a preview/, "the docs site's blocks as Markdown quotes");
    const echoes = Object.entries(design.paths).flatMap(([path, item]) => Object.entries(item).filter(([method, operation]) => operation.summary === `${method.toUpperCase()} ${path}`).map(([method]) => `${method} ${path}`));
    assert.deepEqual(echoes, []);
    for (const [key, { description }] of Object.entries(specOperations())) {
      const [method, path] = key.split(" ");
      const operation = design.paths[path]?.[method];
      if (operation) assert.ok(operation.description.startsWith(description), `${key} carries the specification's description`);
    }
  });

  test("every scope a design path needs is one the platform knows (and its discovery document lists)", () => {
    const needed = Object.keys(documents.design.components.securitySchemes.oauth2.flows.authorizationCode.scopes);
    assert.deepEqual(needed.filter((scope) => !(SCOPES as readonly string[]).includes(scope)), []);
  });
});
