// @tier process
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { base64Name, finishedJob, png, postUpload, startAssetPlatform } from "../../testing/assets.js";
import { pdf } from "../../testing/imports.js";
import { launchBrowser, SCREENSHOTS_DIR } from "../../testing/browser.js";
import { pagesClient, registerPagesClient } from "../../testing/editor.js";
import { allDomains, type TestPlatform } from "../../testing/platform.js";
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

  test("the explorer runs a subscription over graphql-ws with the Authorization header from its headers editor", async () => {
    const created = await postUpload(t.http, token, await png(64, 64), { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("mark.png") }) });
    const job = await finishedJob(t.http, `/v1/asset-uploads/${created.body.job.id}`, token);
    const { page, outside } = await openPage("/graphql");
    await page.locator(".graphiql-query-editor .CodeMirror").waitFor({ timeout: 60_000 });
    // CodeMirror 5 keeps its editor on the wrapper element: set both editors' text as a user would type it.
    await page.evaluate(
      ([query, headers]) => {
        const editors = [...document.querySelectorAll(".CodeMirror")].map((element) => (element as unknown as { CodeMirror: { getValue(): string; setValue(text: string): void } }).CodeMirror);
        editors.find((editor) => editor.getValue().includes("Welcome"))!.setValue(query);
        editors.find((editor) => editor.getValue().includes("Authorization"))!.setValue(headers);
      },
      [`subscription { assetUploadJob(id: "${job.id}") { status asset { name } } }`, JSON.stringify({ Authorization: `Bearer ${token}` })],
    );
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
    await page.screenshot({ path: `${SCREENSHOTS_DIR}docs.png` });
    assert.deepEqual(outside, []);
    assert.deepEqual(failures.filter((text) => /Content Security Policy/i.test(text)), []);
    await page.close();
  });

  test("the job console uploads an asset and shows its job reaching success live", async () => {
    const { page, outside } = await openPage("/console");
    await page.fill("#token", token);
    await page.setInputFiles("#files", { name: "logo.png", mimeType: "image/png", buffer: await png(320, 200) });
    await page.click("button[type=submit]");
    await page.locator('#jobs [data-status="success"]').waitFor({ timeout: 60_000 });
    const row = await page.locator("#jobs li").first().textContent();
    assert.match(row ?? "", /logo\.png \(asset [^)]+\) — success/);
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
    writeFileSync(`${SCREENSHOTS_DIR}console-import-export.png`, await page.screenshot());
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

  test("a code the authorization server never gave is refused by it: 400 with its reason, and the cookie is cleared", async () => {
    const { cookie, state } = await startSignIn();
    const answer = await callback(`code=forged-code&state=${state}`, cookie);
    assert.equal(answer.status, 400);
    assert.match(await answer.text(), /could not be completed/);
    assert.match(answer.headers.get("set-cookie") ?? "", /console_sign_in=; .*Max-Age=0/);
  });
});
