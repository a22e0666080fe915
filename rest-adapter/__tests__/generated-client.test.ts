// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { png } from "../../testing/assets.js";
import { published, standardFields } from "../../testing/brand-templates.js";
import { designPlatformClient } from "../../testing/design-client.js";
import { designWithContent } from "../../testing/exports.js";
import { pdf } from "../../testing/imports.js";
import { approve, approvedIntegration, authorizeQuery, pkce, type Integration } from "../../testing/oauth.js";
import { startWithPeople, type People } from "../../testing/people.js";
import { setPlan } from "../../testing/designs.js";
import { DESIGN_DOMAINS, type TestPlatform } from "../../testing/platform.js";
import { analyticsOnceCounted, openLink } from "../../testing/analytics.js";

/**
 * The design platform's own generated client, built from its current specification as its public starter
 * kit builds it, pointed at this platform by base URL only: every operation of the specification except
 * the print-partner ones is called, and every answer passes the client's own validation.
 */
const SPEC = parse(readFileSync(new URL("../openapi/contract/design-platform.yml", import.meta.url), "utf8"));
const OUT_OF_SCOPE = /^\/v1\/print-partner\//;
const OPERATIONS: string[] = Object.entries<Record<string, { operationId?: string }>>(SPEC.paths)
  .filter(([path]) => !OUT_OF_SCOPE.test(path))
  .flatMap(([, operations]) => Object.values(operations).flatMap((operation) => (operation.operationId ? [operation.operationId] : [])));

const SCOPES = [
  "design:meta:read design:content:read design:content:write asset:read asset:write",
  "brandtemplate:meta:read brandtemplate:content:read brandtemplate:content:write",
  "comment:read comment:write folder:read folder:write openid profile email profile:read",
].join(" ");

let t: TestPlatform;
let p: People;
let integration: Integration;
let accessToken: string;
let sdk: Record<string, Record<string, (options?: unknown) => Promise<{ data: any }>>>;
let files: http.Server;
let origin: string;
const called = new Set<string>();

/** One call through the generated SDK (`Service.operation`); it throws on an error status or an answer that fails validation. */
async function call(service: string, operation: string, options: Record<string, unknown> = {}): Promise<any> {
  const method = sdk[`${service}Service`]?.[operation];
  assert.ok(method, `the generated client has ${service}Service.${operation}`);
  const { data } = await method.call(sdk[`${service}Service`], options).catch((error: unknown) => {
    throw new Error(`${operation}: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  });
  called.add(operation.toLowerCase());
  return data;
}

/** Polls a job through its get operation until it is no longer in progress, as an integration does. */
async function finished(service: string, operation: string, jobId: string, parameter = "jobId"): Promise<any> {
  for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const { job } = await call(service, operation, { path: { [parameter]: jobId } });
    if (job.status !== "in_progress") return job;
  }
  throw new Error(`${operation} ${jobId}: still in progress after 30 s`);
}

async function startFileServer(): Promise<void> {
  const documents: Record<string, [string, Buffer]> = {
    "/picture.png": ["image/png", await png(40, 30)],
    "/report.pdf": ["application/pdf", await pdf([[595, 842]])],
  };
  files = http.createServer((request, response) => {
    const document = documents[request.url ?? ""];
    if (!document) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": document[0] }).end(document[1]);
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
}

/** The authorization-code grant through the generated client: consent on the platform, then `exchangeAccessToken`. */
async function tokensThroughClient(): Promise<{ access_token: string; refresh_token: string }> {
  const { verifier, challenge } = pkce();
  const redirect = await approve(t.http, p.client, authorizeQuery(integration, SCOPES, challenge));
  const code = new URL(redirect.location!).searchParams.get("code")!;
  return call("Oauth", "exchangeAccessToken", { body: { grant_type: "authorization_code", code, code_verifier: verifier, client_id: integration.clientId, client_secret: integration.clientSecret } });
}

before(async () => {
  await startFileServer();
  ({ t, p } = await startWithPeople({ URL_FETCH_ALLOW_PRIVATE: "true" }, [...DESIGN_DOMAINS, "imports", "exports", "resizes", "comments", "brand-templates", "folders", "analytics", "merges"]));
  integration = await approvedIntegration(t.http, p, SCOPES);
  const client = await designPlatformClient(`${t.http.baseUrl}/rest`, (security) => (security.scheme === "basic" ? `${integration.clientId}:${integration.clientSecret}` : accessToken));
  sdk = client.sdk;
});
after(async () => {
  files.closeAllConnections();
  files.close();
  await t?.stop();
});

test("OAuth and OpenID Connect, users, keys", async () => {
  const tokens = await tokensThroughClient();
  accessToken = tokens.access_token;
  await setPlan(t, p.client.userId, "enterprise");
  assert.equal((await call("Oauth", "introspectToken", { body: { token: accessToken } })).active, true);
  await call("Oidc", "getOidcJwks");
  await call("Connect", "getSigningPublicKeys");
  await call("App", "getAppJwks", { path: { appId: integration.clientId } });
  const me = (await call("User", "usersMe")).team_user;
  assert.equal((await call("Oidc", "userInfo")).sub, me.user_id);
  await call("User", "getUserProfile");
  assert.ok((await call("User", "getUserCapabilities")).capabilities.includes("autofill"));
  const spare = await tokensThroughClient();
  await call("Oauth", "revokeTokens", { body: { token: spare.refresh_token } });
});

let designId: string;
let assetId: string;

test("assets: upload (bytes and URL), read, update, delete", async () => {
  const upload = await call("Asset", "createAssetUploadJob", { body: new Blob([new Uint8Array(await png(64, 48))]), headers: { "Asset-Upload-Metadata": { name_base64: Buffer.from("Logo").toString("base64") } } });
  const uploaded = await finished("Asset", "getAssetUploadJob", upload.job.id);
  assert.equal(uploaded.status, "success", JSON.stringify(uploaded));
  assetId = uploaded.asset.id;
  const fromUrl = await call("Asset", "createUrlAssetUploadJob", { body: { name: "From the web", url: `${origin}/picture.png` } });
  const fetched = await finished("Asset", "getUrlAssetUploadJob", fromUrl.job.id);
  assert.equal(fetched.status, "success", JSON.stringify(fetched));
  assert.equal((await call("Asset", "getAsset", { path: { assetId } })).asset.name, "Logo");
  assert.deepEqual((await call("Asset", "updateAsset", { path: { assetId: fetched.asset.id }, body: { name: "Renamed", tags: ["web"] } })).asset.tags, ["web"]);
  await call("Asset", "deleteAsset", { path: { assetId: fetched.asset.id } });
});

test("designs: create (of a type, from an asset, as a copy), list, read, pages, export formats", async () => {
  const created = await call("Design", "createDesign", { body: { type: "type_and_asset", design_type: { type: "preset", name: "presentation" }, asset_id: assetId, title: "Client deck" } });
  designId = created.design.id;
  assert.equal((await call("Design", "getDesign", { path: { designId } })).design.title, "Client deck");
  assert.ok((await call("Design", "listDesigns", { query: { ownership: "owned", sort_by: "modified_descending" } })).items.some((design: { id: string }) => design.id === designId));
  assert.equal((await call("Design", "getDesignPages", { path: { designId }, query: { offset: 1, limit: 10 } })).items.length, 1);
  assert.ok("pdf" in (await call("Design", "getDesignExportFormats", { path: { designId } })).formats);
  const copy = await call("Design", "createDesign", { body: { type: "design", design_id: designId, page_numbers: [1] } });
  assert.equal(copy.design.page_count, 1);
});

test("imports (bytes and URL), exports, resizes", async () => {
  const imported = await call("DesignImport", "createDesignImportJob", { body: new Blob([new Uint8Array(await pdf([[595, 842], [842, 595]]))]), headers: { "Import-Metadata": { title_base64: Buffer.from("Report").toString("base64"), mime_type: "application/pdf" } } });
  assert.equal((await finished("DesignImport", "getDesignImportJob", imported.job.id)).status, "success");
  const fromUrl = await call("DesignImport", "createUrlImportJob", { body: { title: "From the web", url: `${origin}/report.pdf`, mime_type: "application/pdf" } });
  assert.equal((await finished("DesignImport", "getUrlImportJob", fromUrl.job.id)).status, "success");
  const exported = await call("Export", "createDesignExportJob", { body: { design_id: designId, format: { type: "pdf", export_quality: "regular" } } });
  const exportJob = await finished("Export", "getDesignExportJob", exported.job.id, "exportId");
  assert.equal(exportJob.status, "success", JSON.stringify(exportJob));
  const resized = await call("Resize", "createDesignResizeJob", { body: { design_id: designId, design_type: { type: "custom", width: 1080, height: 1080 } } });
  assert.equal((await finished("Resize", "getDesignResizeJob", resized.job.id)).status, "success");
  const merged = await call("Merge", "createDesignMergeJob", {
    body: { type: "create_new_design", title: "Merged", operations: [{ type: "insert_pages", source: { type: "design", design_id: designId } }, { type: "insert_pages", source: { type: "design", design_id: designId, page_numbers: [1] } }] },
  });
  const mergeJob = await finished("Merge", "getDesignMergeJob", merged.job.id);
  assert.equal(mergeJob.status, "success", JSON.stringify(mergeJob));
});

test("brand templates: publish, list, read, dataset, autofill, and a design from a template", async () => {
  const content = await designWithContent(t, accessToken, "Sale flyer");
  const template = await published(t, accessToken, content, await standardFields(t, content));
  assert.equal((await call("BrandTemplate", "publishBrandTemplate", { body: { design_id: content } })).brand_template.id, template.id);
  assert.ok((await call("BrandTemplate", "listBrandTemplates", { query: { ownership: "owned" } })).items.length > 0);
  assert.equal((await call("BrandTemplate", "getBrandTemplate", { path: { brandTemplateId: template.id } })).brand_template.title, "Sale flyer");
  assert.equal((await call("BrandTemplate", "getBrandTemplateDataset", { path: { brandTemplateId: template.id } })).dataset.headline.type, "text");
  const autofill = await call("Autofill", "createDesignAutofillJob", { body: { type: "create_from_brand_template", brand_template_id: template.id, data: { headline: { type: "text", text: "Half price" } } } });
  const filled = await finished("Autofill", "getDesignAutofillJob", autofill.job.id);
  assert.equal(filled.status, "success", JSON.stringify(filled));
  const fromTemplate = await call("Design", "createDesign", { body: { type: "brand_template", brand_template_id: template.id } });
  const dataset = await call("Design", "getDesignDataset", { path: { designId: fromTemplate.design.id } });
  assert.deepEqual(Object.keys(dataset.dataset).sort(), ["headline", "photo", "sales"]);
});

test("comments: threads, replies, the deprecated comment", async () => {
  const thread = await call("Comment", "createThread", { path: { designId }, body: { message_plaintext: "Looks good" } });
  const threadId = thread.thread.id;
  assert.equal((await call("Comment", "getThread", { path: { designId, threadId } })).thread.id, threadId);
  const reply = await call("Comment", "createReply", { path: { designId, threadId }, body: { message_plaintext: "Thanks" } });
  assert.equal((await call("Comment", "getReply", { path: { designId, threadId, replyId: reply.reply.id } })).reply.id, reply.reply.id);
  assert.equal((await call("Comment", "listReplies", { path: { designId, threadId }, query: { limit: 10 } })).items.length, 1);
  await call("Comment", "createComment", { body: { attached_to: { type: "design", design_id: designId }, message: "Deprecated but served" } });
});

test("folders: create, read, rename, list items, move, delete", async () => {
  const created = await call("Folder", "createFolder", { body: { name: "Campaign", parent_folder_id: "root" } });
  const folderId = created.folder.id;
  assert.equal((await call("Folder", "getFolder", { path: { folderId } })).folder.name, "Campaign");
  assert.equal((await call("Folder", "updateFolder", { path: { folderId }, body: { name: "Spring campaign" } })).folder.name, "Spring campaign");
  await call("Folder", "moveFolderItem", { body: { item_id: designId, to_folder_id: folderId } });
  const items = await call("Folder", "listFolderItems", { path: { folderId }, query: { item_types: ["design"], sort_by: "title_ascending" } });
  assert.deepEqual(items.items.map((item: { design?: { id: string } }) => item.design?.id), [designId]);
  await call("Folder", "deleteFolder", { path: { folderId } });
});

test("analytics: views of the design's view link, viewers, views over time, page views, links", async () => {
  const { design } = await call("Design", "getDesign", { path: { designId } });
  assert.equal((await openLink(t.http, design.urls.view_url, "198.51.100.7")).status, 200);
  await analyticsOnceCounted(t.http, accessToken, designId, 1);
  assert.equal((await call("Analytics", "getDesignAnalytics", { path: { designId } })).total_view_count, 1);
  assert.equal((await call("Analytics", "getDesignAnalyticsViewers", { path: { designId } })).items.length, 1);
  const now = Math.floor(Date.now() / 1000);
  await call("Analytics", "getDesignAnalyticsViewsOverTime", { path: { designId }, query: { start_time: now - 86_400, end_time: now + 60, timezone: "+10:00" } });
  const pages = await call("Design", "getDesignPages", { path: { designId } });
  const pageViews = await call("Analytics", "getDesignAnalyticsPageViews", { path: { designId }, body: { page_ids: pages.items.map((page: { id: string }) => page.id) } });
  assert.ok(pageViews);
  assert.equal((await call("Analytics", "getDesignAnalyticsLinks", { path: { designId } })).items.length, 1);
});

test("every operation of the current specification but the print-partner ones was called through the client", () => {
  // The SDK's methods are the operation ids with a lower-case first letter (`CreateAssetUploadJob`).
  assert.deepEqual(OPERATIONS.filter((operation) => !called.has(operation.toLowerCase())), []);
  assert.equal(OPERATIONS.length, 56);
});
