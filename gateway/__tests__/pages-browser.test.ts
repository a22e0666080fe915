// @tier process
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { base64Name, finishedJob, png, postUpload, startAssetPlatform } from "../../testing/assets.js";
import { pdf } from "../../testing/imports.js";
import { launchBrowser, SCREENSHOTS_DIR } from "../../testing/browser.js";
import { pagesClient, registerPagesClient } from "../../testing/editor.js";
import { CONSOLE_SCOPES } from "../../pages/sign-in.js";
import { allDomains, type TestPlatform } from "../../testing/platform.js";
import { STARTER_QUERY } from "../../pages/browser/explorer-starter.js";
import type { People } from "../../testing/people.js";

let t: TestPlatform;
let p: People;
let token: string;
let browser: Browser;

/** The console's own OAuth client, as an operator would register it (approved, redirecting to the console on this origin). */
const CONSOLE_CLIENT = pagesClient();

before(async () => {
  ({ t, p, token } = await startAssetPlatform(CONSOLE_CLIENT.env, await allDomains()));
  await registerPagesClient(t, CONSOLE_CLIENT);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await t.stop();
});

/** A page that records every request leaving the platform's origin (none may). */
async function openPage(path: string): Promise<{ page: Page; outside: string[]; failures: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const outside: string[] = [];
  const failures: string[] = [];
  const origin = new URL(t.http.baseUrl).origin;
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.origin !== origin && url.origin.replace(/^ws/, "http") !== origin) outside.push(request.url());
  });
  page.on("pageerror", (error) => failures.push(error.message));
  page.on("console", (message) => message.type() === "error" && failures.push(message.text()));
  await page.goto(`${origin}${path}`);
  return { page, outside, failures };
}

/**
 * Sets the explorer's query editor and headers editor (the JSON object naming `Authorization`) as a user
 * would type them: CodeMirror 5 keeps its editor on the wrapper element.
 */
async function typeInEditors(page: Page, text: { query?: string; headers?: string }): Promise<void> {
  await page.evaluate((given) => {
    type Editor = { getValue(): string; setValue(text: string): void };
    const editorOf = (element: Element | null) => (element as unknown as { CodeMirror: Editor } | null)?.CodeMirror;
    const query = editorOf(document.querySelector(".graphiql-query-editor .CodeMirror"))!;
    const headers = [...document.querySelectorAll(".CodeMirror")].map(editorOf).find((one) => one !== query && one!.getValue().trimStart().startsWith("{") && one!.getValue().includes("Authorization"))!;
    if (given.query !== undefined) query.setValue(given.query);
    if (given.headers !== undefined) headers.setValue(given.headers);
  }, text);
}

describe("pages in a real browser", () => {
  test("the explorer at /graphql loads from the platform alone and shows the composed schema's docs", async () => {
    const { page, outside, failures } = await openPage("/graphql");
    await page.locator(".graphiql-container").waitFor({ timeout: 60_000 });
    await page.getByRole("button", { name: /documentation explorer/i }).click();
    await page.getByText("Query", { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.getByText("Mutation", { exact: true }).first().waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}explorer.png` });
    assert.deepEqual(outside, []);
    assert.deepEqual(failures.filter((text) => /Content Security Policy/i.test(text)), []);
    await page.close();
  });

  test("the explorer opens on a starter operation of this graph that says where a token comes from, and runs it", async () => {
    const { page, outside, failures } = await openPage("/graphql");
    const editor = page.locator(".graphiql-query-editor .CodeMirror");
    await editor.waitFor({ timeout: 60_000 });
    const shown = await editor.evaluate((element) => (element as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue());
    assert.equal(shown, STARTER_QUERY);
    await page.getByText("POST /api/auth/login-email-password", { exact: false }).first().waitFor();
    await page.getByText("/oauth/authorize, then /v1/oauth/token", { exact: false }).first().waitFor();
    // The starter runs as it is with a business token in the headers editor.
    await typeInEditors(page, { headers: JSON.stringify({ Authorization: `Bearer ${p.client.token}` }) });
    await page.getByRole("button", { name: /execute query/i }).click();
    const result = page.locator(".result-window");
    await result.getByText('"Cleo Client"').waitFor({ timeout: 30_000 }).catch(async (error) => {
      await page.screenshot({ path: `${SCREENSHOTS_DIR}explorer-starter.png` });
      throw new Error(`the starter did not answer: ${await result.textContent()}`, { cause: error });
    });
    assert.doesNotMatch((await result.textContent()) ?? "", /"errors"/);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}explorer-starter.png` });
    assert.deepEqual(outside, []);
    assert.deepEqual(failures.filter((text) => /Content Security Policy/i.test(text)), []);
    await page.close();
  });

  test("the explorer runs a subscription over graphql-ws with the Authorization header from its headers editor", async () => {
    const created = await postUpload(t.http, token, await png(64, 64), { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("mark.png") }) });
    const job = await finishedJob(t.http, `/v1/asset-uploads/${created.body.job.id}`, token);
    const { page, outside } = await openPage("/graphql");
    await page.locator(".graphiql-query-editor .CodeMirror").waitFor({ timeout: 60_000 });
    await typeInEditors(page, { query: `subscription { assetUploadJob(id: "${job.id}") { status asset { name } } }`, headers: JSON.stringify({ Authorization: `Bearer ${token}` }) });
    const sockets: string[] = [];
    page.on("websocket", (socket) => sockets.push(new URL(socket.url()).pathname));
    await page.getByRole("button", { name: /execute query/i }).click();
    const response = page.locator(".result-window");
    await response.getByText('"success"').waitFor({ timeout: 30_000 }).catch(async (error) => {
      await page.screenshot({ path: `${SCREENSHOTS_DIR}explorer-subscription.png` });
      throw new Error(`no success in the explorer's result: ${await response.textContent()}`, { cause: error });
    });
    assert.match((await response.textContent()) ?? "", /"name": "mark\.png"/);
    assert.deepEqual(sockets, ["/graphql"], "the subscription went over graphql-ws");
    assert.deepEqual(outside, []);
    await page.close();
  });

  test("the API docs at /docs render each platform's OpenAPI document from the platform alone", async () => {
    const served = await t.http.get("/openapi/design.json");
    assert.equal(served.status, 200);
    assert.equal(served.body.openapi, "3.1.0");
    assert.equal((await t.http.get("/openapi/business.json")).body.info.title, "Business platform REST API");
    const { page, outside, failures } = await openPage("/docs/design");
    await page.getByText("Design platform REST API").first().waitFor({ timeout: 60_000 });
    await page.getByText("/v1/asset-uploads").first().waitFor({ state: "attached" });
    // Each operation reads as the specification names it, and opens on its description.
    const upload = page.locator(".opblock-post", { has: page.locator('[data-path="/v1/asset-uploads"]') }).first();
    assert.equal(await upload.locator(".opblock-summary-description").textContent(), "Create asset upload job");
    await upload.locator(".opblock-summary").click();
    await upload.getByText("Starts a new asynchronous job to upload an asset to the user's content library.", { exact: false }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}docs.png` });
    assert.deepEqual(outside, []);
    assert.deepEqual(failures.filter((text) => /Content Security Policy/i.test(text)), []);
    await page.close();
  });

  test("the job console uploads an asset and shows its job reaching success live", async () => {
    const { page, outside } = await openPage("/console");
    await page.fill("#token", token);
    await page.locator("#token").dispatchEvent("change");
    // A token without `profile:read`: who it is by user and team.
    await page.locator("#who").getByText(/^Signed in as user U\d+ of team \S+\.$/).waitFor();
    await page.setInputFiles("#files", { name: "logo.png", mimeType: "image/png", buffer: await png(320, 200) });
    await page.click("button[type=submit]");
    await page.locator('#jobs [data-status="success"]').waitFor({ timeout: 60_000 });
    const row = await page.locator("#jobs li").first().textContent();
    assert.match(row ?? "", /logo\.png \(asset [^)]+\) — success/);
    // The asset's thumbnail on its row, drawn (loaded from this origin).
    const thumbnail = page.locator("#jobs li img.thumbnail").first();
    await thumbnail.waitFor();
    await page.waitForFunction(() => ((document.querySelector("#jobs li img.thumbnail") as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
    assert.equal(await thumbnail.getAttribute("alt"), "Thumbnail of logo.png");
    assert.deepEqual([await thumbnail.getAttribute("width"), await thumbnail.getAttribute("height")], ["96", "60"]);
    writeFileSync(`${SCREENSHOTS_DIR}console.png`, await page.screenshot());
    assert.deepEqual(outside, []);
    await page.close();
  });

  test("the job console signs a user in (authorization code, PKCE, secret kept on the server), then uploads and shows the job live", async () => {
    const { page, outside } = await openPage("/console");
    await page.click("#sign-in");
    await page.fill("#email", p.client.email);
    await page.fill("#password", "Sup3rSecret");
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL(/\/console$/);
    assert.match((await page.locator("#how").textContent()) ?? "", /^Signed in as a design-platform user/);
    await page.locator("#who").getByText(new RegExp(`^Signed in as Cleo Client \\(user U${p.client.userId}, team \\S+\\)\\.$`)).waitFor();
    assert.ok((await page.inputValue("#token")).split(".").length === 3, "the access token is in the tab");
    await page.setInputFiles("#files", { name: "signed-in.png", mimeType: "image/png", buffer: await png(200, 120) });
    await page.click("button[type=submit]");
    await page.locator('#jobs [data-status="success"]').waitFor({ timeout: 60_000 });
    writeFileSync(`${SCREENSHOTS_DIR}console-signed-in.png`, await page.screenshot());

    // A design file imported, then the design it became exported as a PDF: two more jobs followed live.
    await page.selectOption("#kind", "import");
    await page.setInputFiles("#files", { name: "brochure.pdf", mimeType: "application/pdf", buffer: await pdf([[595, 842], [595, 842]]) });
    await page.click("button[type=submit]");
    const exportButton = page.locator("#jobs button.export").first();
    await exportButton.waitFor({ timeout: 60_000 });
    assert.match((await page.locator("#jobs li").filter({ has: page.locator("button.export") }).first().textContent()) ?? "", /brochure\.pdf \(designs [^)]+\) — success/);
    // The imported design links to its editor on this origin.
    const edit = page.locator("#jobs li a.edit", { hasText: "Edit “brochure”" }).first();
    assert.match((await edit.getAttribute("href")) ?? "", /^\/designs\/[A-Za-z0-9_-]+\/edit\?token=[A-Za-z0-9_.-]+$/);
    await exportButton.click();
    const exported = page.locator("#jobs li").filter({ hasText: /^PDF export of brochure/ }).first();
    await exported.locator('[data-status="success"]').waitFor({ timeout: 60_000 });
    assert.ok((await exported.locator("a.file").count()) >= 1, "the export's files are linked");

    // The imported design merged into a new one: a merge job followed live, its design exportable in turn.
    await page.click("#merge");
    const merged = page.locator("#jobs li").filter({ hasText: /^Merge of 1 imported design/ }).first();
    await merged.locator('[data-status="success"]').waitFor({ timeout: 60_000 });
    assert.match((await merged.textContent()) ?? "", /\(design [^,]+, 2 pages\) — success/);
    assert.equal(await merged.locator("button.export").count(), 1);
    assert.equal(await merged.locator("a.edit").count(), 1, "the merged design links to its editor too");
    writeFileSync(`${SCREENSHOTS_DIR}console-import-export.png`, await page.screenshot());
    // Following the imported design's link opens the editor on it.
    await Promise.all([page.waitForURL(/\/designs\/[^/]+\/edit\?token=/), edit.click()]);
    await page.locator("#title").getByText("brochure").waitFor();
    assert.deepEqual(outside, []);
    await page.close();
  });
});

describe("the console's sign-in refuses what it did not start", () => {
  async function startSignIn() {
    const response = await fetch(`${t.http.baseUrl}/console/sign-in`, { redirect: "manual" });
    assert.equal(response.status, 302);
    const cookie = response.headers.get("set-cookie")!.split(";")[0];
    assert.match(response.headers.get("set-cookie")!, /HttpOnly; SameSite=Lax/);
    return { cookie, state: new URL(response.headers.get("location")!, t.http.baseUrl).searchParams.get("state")! };
  }
  const callback = (query: string, cookie?: string) => fetch(`${t.http.baseUrl}/console/callback?${query}`, { headers: cookie ? { cookie } : {} });

  test("another state, no sign-in cookie, or a cookie changed by the browser: 400, and no token on the page", async () => {
    const { cookie, state } = await startSignIn();
    for (const answer of [
      await callback(`code=whatever&state=${state}x`, cookie),
      await callback(`code=whatever&state=${state}`),
      await callback(`code=whatever&state=${state}`, cookie.replace(/\.(\d+)\./, (_m, at) => `.${Number(at) + 1}.`)),
    ]) {
      assert.equal(answer.status, 400);
      const html = await answer.text();
      assert.match(html, /did not start here/);
      assert.doesNotMatch(html, /id="session"/);
    }
  });

  test("a console client registered without profile:read signs in without it; with it, the sign-in asks for the user's name", async () => {
    const scopeAsked = async () => {
      const response = await fetch(`${t.http.baseUrl}/console/sign-in`, { redirect: "manual" });
      return new URL(response.headers.get("location")!, t.http.baseUrl).searchParams.get("scope");
    };
    assert.equal(await scopeAsked(), `${CONSOLE_SCOPES} profile:read`);
    const clients = t.platform.runtime.db.prisma.oAuthClient;
    const { scopes } = await clients.findUniqueOrThrow({ where: { id: CONSOLE_CLIENT.id } });
    await clients.update({ where: { id: CONSOLE_CLIENT.id }, data: { scopes: scopes.filter((scope) => scope !== "profile:read") } });
    try {
      assert.equal(await scopeAsked(), CONSOLE_SCOPES);
    } finally {
      await clients.update({ where: { id: CONSOLE_CLIENT.id }, data: { scopes } });
    }
  });

  test("a code the authorization server never gave is refused by it: 400 with its reason, and the cookie is cleared", async () => {
    const { cookie, state } = await startSignIn();
    const answer = await callback(`code=forged-code&state=${state}`, cookie);
    assert.equal(answer.status, 400);
    assert.match(await answer.text(), /could not be completed/);
    assert.match(answer.headers.get("set-cookie") ?? "", /console_sign_in=; .*Max-Age=0/);
  });
});
