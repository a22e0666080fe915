// @tier process
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { png } from "../../../testing/assets.js";
import { launchBrowser, SCREENSHOTS_DIR } from "../../../testing/browser.js";
import { createTestDatabase, type TestDatabase } from "../../../testing/database.js";
import { DRAWING } from "../../../testing/editor.js";
import { freePort, platformProcessEnv, runProcess, startPlatformProcess, startProcess, waitUntilHealthy, type Child } from "../../../testing/processes.js";
import { DEMO_PASSWORD } from "../../../scripts/seed/demo-data.js";

/**
 * `npm run seed`, then `npm run example:integration`, as a newcomer runs them (with no client settings: the
 * example finds the seed's demo client), then the whole tour in Chromium as the seed's client user.
 */
let database: TestDatabase;
let env: Record<string, string>;
let platform: Child;
let example: Child;
let browser: Browser;
/** Where the platform tells clients it is (its public URL): the origin of its consent page, edit links and files. */
let platformOrigin: string;
let exampleOrigin: string;

before(async () => {
  database = await createTestDatabase();
  env = platformProcessEnv(database, { INTEGRATION_PORT: String(await freePort()), TOKEN_CALLBACK_PORT: String(await freePort()) });
  platform = (await startPlatformProcess(env)).child;
  platformOrigin = `http://localhost:${env.PORT}`;
  const seeded = await runProcess("scripts/seed.ts", env);
  assert.equal(seeded.code, 0, seeded.output);
  assert.ok(seeded.output.includes(`npm run example:integration\`, then open http://localhost:${env.INTEGRATION_PORT}/`), seeded.output);
  example = startProcess("examples/integration/server.ts", { ...env, PLATFORM_URL: platformOrigin });
  exampleOrigin = `http://localhost:${env.INTEGRATION_PORT}`;
  await waitUntilHealthy(`${exampleOrigin}/`, example);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await example?.stop();
  await platform?.stop();
  await database?.drop();
});

/**
 * Signs in and presses Allow on the platform's consent page. The platform answers the form with a redirect to
 * the integration's callback, on another origin, which the browser follows (the consent page's
 * Content-Security-Policy names that origin in `form-action`).
 */
async function allowOnConsentPage(page: Page, email: string): Promise<void> {
  await page.fill("#email", email);
  await page.fill("#password", DEMO_PASSWORD);
  const followed = page.waitForURL((url) => url.origin === exampleOrigin, { timeout: 30_000 });
  await page.getByRole("button", { name: "Allow" }).click();
  await followed;
}

/** The seed's client user answers the consent page as a browser posts it: where the platform sends the browser back. */
async function consent(consentUrl: URL, decision: "approve" | "deny"): Promise<string> {
  const form = new URLSearchParams({ ...Object.fromEntries(consentUrl.searchParams), email: "demo-client@example.com", password: DEMO_PASSWORD, decision });
  const answer = await fetch(`${platformOrigin}/oauth/authorize`, { method: "POST", body: form, redirect: "manual" });
  assert.equal(answer.status, 302);
  return answer.headers.get("location")!;
}

describe("the example integration, after npm run seed, in Chromium", () => {
  test("signs in (PKCE, state), lists the designs, uploads an image followed live, creates a design and opens it, exports a PDF", async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const failures: string[] = [];
    page.on("pageerror", (error) => failures.push(error.message));
    page.on("console", (message) => message.type() === "error" && new URL(page.url()).origin === exampleOrigin && failures.push(message.text()));
    try {
      await page.goto(`${exampleOrigin}/`);
      await page.getByText("Not signed in").waitFor();
      await page.click("#sign-in");
      await page.waitForURL((url) => url.origin === platformOrigin && url.pathname === "/oauth/authorize");
      const authorize = new URL(page.url()).searchParams;
      assert.equal(authorize.get("redirect_uri"), `${exampleOrigin}/callback`);
      assert.equal(authorize.get("code_challenge_method"), "S256");
      assert.ok(authorize.get("state") && authorize.get("code_challenge"));
      await page.getByText("Demo integration wants to access your account").waitFor();

      await allowOnConsentPage(page, "demo-client@example.com");
      await page.waitForURL(`${exampleOrigin}/`);
      await page.getByText("Signed in as Cleo Client").waitFor({ timeout: 30_000 });
      assert.equal(await page.locator("#sign-in").isVisible(), false);
      await page.locator("#designs li", { hasText: "Demo poster" }).waitFor();

      // An image: uploaded, its job's states shown as they arrive over the platform's subscription.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { uploadStates: string[] }).uploadStates = seen;
        const job = document.querySelector("#upload-job")!;
        new MutationObserver(() => seen.push((job as HTMLElement).dataset.status ?? "")).observe(job, { attributes: true, attributeFilter: ["data-status"] });
      });
      await page.setInputFiles("#image", { name: "tour-logo.png", mimeType: "image/png", buffer: await png(320, 200) });
      await page.getByRole("button", { name: "Upload" }).click();
      await page.locator('#upload-job[data-status="success"]').waitFor({ timeout: 60_000 });
      const states = await page.evaluate(() => (window as unknown as { uploadStates: string[] }).uploadStates);
      assert.deepEqual([states[0], states.at(-1)], ["uploading", "success"], `states shown: ${states}`);
      assert.match((await page.locator("#upload-job").textContent()) ?? "", /^tour-logo\.png: success — asset \S+, placed on the next design you create/);
      await page.locator("#uploaded").waitFor();
      assert.ok(await page.locator("#uploaded").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), "the asset's thumbnail shows");

      // A design with that image, opened at its edit_url in a new tab: the platform's editor for that design.
      await page.fill("#title", "Tour poster");
      await page.getByRole("button", { name: "Create a design" }).click();
      const editLink = page.locator("#edit-link");
      await editLink.waitFor({ timeout: 30_000 });
      const editUrl = new URL((await editLink.getAttribute("href"))!);
      assert.equal(editUrl.origin, platformOrigin);
      assert.match(editUrl.pathname, /^\/designs\/[^/]+\/edit$/);
      assert.ok(editUrl.searchParams.get("token"));
      const [editor] = await Promise.all([page.context().waitForEvent("page"), editLink.click()]);
      await editor.waitForLoadState();
      assert.equal(editor.url(), editUrl.href);
      assert.equal(await editor.title(), "Tour poster · Design editor");
      await editor.locator("#sign-in-link").waitFor();
      await editor.screenshot({ path: `${SCREENSHOTS_DIR}example-integration-editor.png` });
      await editor.close();

      // A PDF of it, its job followed live, then its file fetched from the link shown.
      const listed = page.locator("#designs li").first();
      assert.match((await listed.textContent()) ?? "", /Tour poster/);
      await listed.getByRole("button", { name: "Export as PDF" }).click();
      const exported = page.locator("#exports li").first();
      await exported.locator("a.file").waitFor({ timeout: 60_000 });
      assert.equal(await exported.getAttribute("data-status"), "success");
      assert.match((await exported.textContent()) ?? "", /^PDF of “Tour poster”: success/);
      const file = await fetch((await exported.locator("a.file").getAttribute("href"))!);
      assert.equal(file.status, 200);
      assert.equal(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString("latin1"), "%PDF-");
      writeFileSync(`${SCREENSHOTS_DIR}example-integration.png`, await page.screenshot({ fullPage: true }));
      assert.deepEqual(failures, []);

      // Signing out revokes the grant: the page is signed out again.
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByText("Not signed in").waitFor();
    } finally {
      await page.close();
    }
  });
});

describe("the example integration refuses a sign-in it did not start", () => {
  /** A sign-in started as a browser starts it: the session cookie, and the consent URL it was sent to. */
  async function startSignIn() {
    const started = await fetch(`${exampleOrigin}/login`, { redirect: "manual" });
    assert.equal(started.status, 302);
    const cookie = started.headers.get("set-cookie")!.split(";")[0];
    assert.match(started.headers.get("set-cookie")!, /HttpOnly; SameSite=Lax/);
    return { cookie, consentUrl: new URL(started.headers.get("location")!) };
  }
  const signedIn = async (cookie: string) => (await (await fetch(`${exampleOrigin}/api/me`, { headers: { cookie } })).json()).signed_in;

  test("a callback with another state, or in a browser that did not start it, is refused (400) and signs no one in", async () => {
    const { cookie, consentUrl } = await startSignIn();
    const back = new URL(await consent(consentUrl, "approve"));
    const forged = new URL(back);
    forged.searchParams.set("state", "another-state");
    const refused = await fetch(forged, { headers: { cookie } });
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /does not belong to the sign-in/);
    assert.equal(await signedIn(cookie), false);
    const elsewhere = await fetch(back, { redirect: "manual" });
    assert.equal(elsewhere.status, 400);
    assert.match(await elsewhere.text(), /No sign-in was started in this browser/);
  });

  test("Deny comes back as access_denied: the page says so, and no one is signed in", async () => {
    const { cookie, consentUrl } = await startSignIn();
    const back = new URL(await consent(consentUrl, "deny"));
    assert.equal(back.searchParams.get("error"), "access_denied");
    const answer = await fetch(back, { headers: { cookie } });
    assert.equal(answer.status, 400);
    assert.match(await answer.text(), /You did not allow access/);
    assert.equal(await signedIn(cookie), false);
  });

  test("a page of another site cannot make it act: its POSTs are refused", async () => {
    const { cookie } = await startSignIn();
    const answer = await fetch(`${exampleOrigin}/api/designs`, { method: "POST", headers: { cookie, origin: "http://evil.example", "content-type": "application/json" }, body: "{}" });
    assert.equal(answer.status, 403);
  });
});

describe("npm run token, after npm run seed", () => {
  test("with the seed's demo client (no client settings): a token that reads the user and opens the design editor", async () => {
    const child = startProcess(["scripts/token.ts", "--no-browser"], { ...env, PLATFORM_URL: platformOrigin });
    const exited = new Promise((resolve) => child.process.once("exit", resolve));
    try {
      let stdout = "";
      child.process.stdout!.on("data", (chunk) => (stdout += chunk));
      while (!/Waiting for it to come back/.test(child.output())) {
        assert.equal(child.process.exitCode, null, child.output());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const consentUrl = new URL(/\s(http:\/\/\S+\/oauth\/authorize\?\S+)/.exec(child.output())![1]);
      assert.equal(consentUrl.searchParams.get("redirect_uri"), `http://127.0.0.1:${env.TOKEN_CALLBACK_PORT}/callback`);
      assert.equal((await fetch(await consent(consentUrl, "approve"))).status, 200);
      assert.equal(await exited, 0, child.output());
      const token = stdout.trim();
      const me = await fetch(`${platformOrigin}/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(me.status, 200);

      // Pasted into the editor at the seeded design's edit_url, it edits that design.
      const designs = await fetch(`${platformOrigin}/v1/designs?query=Demo%20poster`, { headers: { authorization: `Bearer ${token}` } });
      const { items } = (await designs.json()) as { items: { urls: { edit_url: string } }[] };
      const editor = await browser.newPage();
      try {
        await editor.goto(items[0].urls.edit_url);
        await editor.fill("#token", token);
        await editor.getByRole("button", { name: "Edit with this token" }).click();
        await editor.locator(DRAWING).waitFor({ timeout: 60_000 });
        assert.match((await editor.locator("#status").textContent()) ?? "", /^Editing “Demo poster”/);
      } finally {
        await editor.close();
      }
    } finally {
      await child.stop();
    }
  });
});
