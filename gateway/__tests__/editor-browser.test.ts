// @tier process
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { EDITOR_SCOPES } from "../../lib/auth/design-scopes.js";
import { onPlatform } from "../../testing/assets.js";
import { launchBrowser, SCREENSHOTS_DIR } from "../../testing/browser.js";
import { designScopedToken, startDesignPlatform, uploadedImage, type DesignPlatform } from "../../testing/designs.js";
import { DRAWING, openRecorded, pagesClient, registerPagesClient, shownWithin, type OpenedPage } from "../../testing/editor.js";
import { DESIGN_DOMAINS } from "../../testing/platform.js";

let d: DesignPlatform;
let browser: Browser;
let origin: string;
/** Tokens of the design's owner, a member of the same team and someone of another team, each with the editor's scopes. */
const tokens = { owner: "", teammate: "", outsider: "" };
let editLink: URL;

/** Others' edits must be on screen within this long after the gesture that made them ended. */
const LIVE_MS = 1000;
const RECT_FILL = "#4f7cff";

before(async () => {
  const client = pagesClient();
  // Folders list the team's images to place; comments give the names of who has the editor open.
  d = await startDesignPlatform(client.env, [...DESIGN_DOMAINS, "folders", "comments"]);
  await registerPagesClient(d.t, client);
  origin = new URL(d.t.http.baseUrl).origin;
  const allowed = `${EDITOR_SCOPES} asset:write`;
  tokens.owner = await designScopedToken(d.t.http, d.p, d.p.client, allowed, allowed);
  tokens.teammate = await designScopedToken(d.t.http, d.p, d.p.otherClient, EDITOR_SCOPES, allowed);
  tokens.outsider = await designScopedToken(d.t.http, d.p, d.p.staff, EDITOR_SCOPES, allowed);
  await uploadedImage(d.t.http, tokens.owner, 300, 150, { r: 20, g: 160, b: 90 });
  const created = await d.t.http.post("/v1/designs", { design_type: { type: "custom", width: 800, height: 600 }, title: "Launch <poster>" }, { token: tokens.owner });
  assert.equal(created.status, 200, created.text);
  editLink = onPlatform(d.t.http, created.body.design.urls.edit_url);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await d?.t.stop();
});

const altered = (link: URL) => {
  const copy = new URL(link);
  const token = copy.searchParams.get("token")!;
  copy.searchParams.set("token", `${token.slice(0, 8)}${token[8] === "A" ? "B" : "A"}${token.slice(9)}`);
  return copy;
};

/** The next frame has been drawn. */
const nextFrame = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

async function signInThroughPages(opened: OpenedPage, email: string): Promise<void> {
  await opened.page.click("#sign-in-link");
  await opened.page.fill("#email", email);
  await opened.page.fill("#password", "Sup3rSecret");
  await opened.page.getByRole("button", { name: "Allow" }).click();
  await opened.page.waitForURL(editLink.href);
  await opened.page.locator(DRAWING).waitFor({ timeout: 30_000 });
}

async function pasteToken(opened: OpenedPage, token: string): Promise<void> {
  await opened.page.locator("#paste-token").waitFor();
  await opened.page.fill("#token", token);
  await opened.page.getByRole("button", { name: "Edit with this token" }).click();
}

/** What the user sees at this size: the toolbar wraps instead of scrolling, nothing scrolls sideways, the strip and the page are in view. */
/** Drags with the mouse from `from` by `by` in `steps` moves; answers the moment the button was let go (the edit is sent then). */
async function drag(page: Page, from: { x: number; y: number }, by: { x: number; y: number }, steps: number): Promise<number> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + by.x, from.y + by.y, { steps });
  const releasedAt = performance.now();
  await page.mouse.up();
  await nextFrame(page);
  return releasedAt;
}

async function assertReadable(page: Page, label: string): Promise<void> {
  await nextFrame(page);
  const layout = await page.evaluate(() => {
    const rect = (selector: string) => document.querySelector(selector)!.getBoundingClientRect().toJSON() as DOMRect;
    const tools = document.querySelector("#tools")!;
    return { tools: [tools.scrollWidth, tools.clientWidth], pageWidth: document.documentElement.scrollWidth, viewport: [innerWidth, innerHeight], strip: rect("#pages li"), sheet: rect(".sheet") };
  });
  assert.ok(layout.tools[0] <= layout.tools[1], `${label}: the toolbar does not scroll sideways (${layout.tools})`);
  assert.ok(layout.pageWidth <= layout.viewport[0], `${label}: the page does not scroll sideways`);
  for (const [name, box] of [["strip", layout.strip], ["page", layout.sheet]] as const) {
    assert.ok(box.width > 60 && box.height > 60 && box.left >= 0 && box.top >= 0 && box.right <= layout.viewport[0] && box.bottom <= layout.viewport[1], `${label}: the ${name} is in view: ${JSON.stringify(box)}`);
  }
}

describe("the design editor at a design's edit link", () => {
  test("the link is checked as before (altered: 403 page; the view link still the viewer), and the page is this origin's files under a strict policy", async () => {
    const response = await fetch(editLink);
    const html = await response.text();
    assert.equal(response.status, 200, html);
    assert.equal(
      response.headers.get("content-security-policy"),
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.ok(html.includes("<h1 id=\"title\">Launch &lt;poster&gt;</h1>") && html.includes('<script src="/pages/editor.js"></script>'), html);
    assert.doesNotMatch(html, /<script>|style="/, "nothing inline");

    const refused = await browser.newPage();
    const answer = await refused.goto(altered(editLink).href);
    assert.equal(answer?.status(), 403);
    assert.match((await refused.textContent("body")) ?? "", /This link is not valid/);
    assert.doesNotMatch((await refused.content()) ?? "", /Launch|editor\.js/);
    await refused.close();

    const view = new URL(editLink.href.replace("/edit?", "/view?"));
    assert.equal((await fetch(view)).status, 403, "an edit link's token opens only the editor");
  });

  test("a sign-in returns only to an edit link of this origin, asking for the editor's scopes", async () => {
    const signIn = (back: string) => fetch(`${origin}/console/sign-in?${new URLSearchParams({ return: back })}`, { redirect: "manual" });
    const link = `${editLink.pathname}${editLink.search}`;
    for (const elsewhere of [`https://elsewhere.example${link}`, `//elsewhere.example${link}`, link.replace("/edit?", "/view?"), `${link}&next=/graphql`, "/console"]) {
      const answer = await signIn(elsewhere);
      assert.equal(answer.status, 400, elsewhere);
      assert.match(await answer.text(), /returns only to this platform&#39;s design edit links/);
    }
    const started = await signIn(link);
    assert.equal(started.status, 302);
    const authorize = new URL(started.headers.get("location")!, origin);
    assert.equal(authorize.pathname, "/oauth/authorize");
    assert.equal(authorize.searchParams.get("scope"), EDITOR_SCOPES);
    assert.equal(authorize.searchParams.get("redirect_uri"), `${origin}/console/callback`);
  });

  test("a token of another team: the page says the design is not found for this user", async () => {
    const opened = await openRecorded(browser, origin, editLink.href);
    await pasteToken(opened, tokens.outsider);
    await opened.page.locator("#problem").getByText("This design was not found for this user").waitFor({ timeout: 15_000 });
    assert.equal(await opened.page.locator("#workspace").isHidden(), true);
    assert.deepEqual(opened.outside, []);
    await opened.page.close();
  });

  test("two members of the team edit the design at once: each one's adding, moving, resizing and retyping shows in the other's page within 1 s", async (t) => {
    const a = await openRecorded(browser, origin, editLink.href);
    await signInThroughPages(a, d.p.client.email);
    const b = await openRecorded(browser, origin, editLink.href);
    await pasteToken(b, tokens.teammate);
    await b.page.locator(DRAWING).waitFor({ timeout: 30_000 });
    // Each sees who has the editor open: both of them.
    const viewers = (page: Page) => page.locator("#viewers li").allTextContents();
    await a.page.waitForFunction(() => document.querySelectorAll("#viewers li").length === 2, undefined, { timeout: 10_000 });
    assert.deepEqual((await viewers(a.page)).sort(), ["Cleo Client", "Otto Other"]);
    const shown: Record<string, number> = {};
    const rectIn = (page: Page) => page.locator(`${DRAWING} rect[fill="${RECT_FILL}"]`);

    // Added in A, seen in B.
    let since = performance.now();
    await a.page.getByRole("button", { name: "Rectangle" }).click();
    shown.added = await shownWithin(b.page, LIVE_MS, ([drawing, fill]) => document.querySelectorAll(`${drawing} rect[fill="${fill}"]`).length === 1, [DRAWING, RECT_FILL], since);

    // Moved in A by dragging: one edit for the whole drag, the new place in B.
    const box = (await rectIn(a.page).boundingBox())!;
    const editsBefore = a.edits.length;
    since = await drag(a.page, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, { x: 90, y: 45 }, 10);
    const moved = [String(await rectIn(a.page).getAttribute("x")), String(await rectIn(a.page).getAttribute("y"))];
    shown.moved = await shownWithin(b.page, LIVE_MS, ([drawing, fill, x, y]) => {
      const rect = document.querySelector(`${drawing} rect[fill="${fill}"]`);
      return rect !== null && rect.getAttribute("x") === x && rect.getAttribute("y") === y;
    }, [DRAWING, RECT_FILL, ...moved], since);
    assert.equal(a.edits.length - editsBefore, 1, "a drag is one edit");
    assert.deepEqual(Object.keys((a.edits.at(-1)![0] as { updateElement: object }).updateElement).sort(), ["elementId", "x", "y"]);

    // Resized in B by its corner handle, the new size in A.
    const drawn = (await rectIn(b.page).boundingBox())!;
    await b.page.mouse.click(drawn.x + drawn.width / 2, drawn.y + drawn.height / 2);
    const corner = b.page.locator("#stage .overlay .handle.se");
    // The selection's handles are drawn on the frame after the click.
    await corner.waitFor({ state: "visible" });
    const handle = (await corner.boundingBox())!;
    since = await drag(b.page, { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 }, { x: 60 - handle.width / 2, y: 30 - handle.height / 2 }, 6);
    const size = [String(await rectIn(b.page).getAttribute("width")), String(await rectIn(b.page).getAttribute("height"))];
    shown.resized = await shownWithin(a.page, LIVE_MS, ([drawing, fill, width, height]) => {
      const rect = document.querySelector(`${drawing} rect[fill="${fill}"]`);
      return rect !== null && rect.getAttribute("width") === width && rect.getAttribute("height") === height;
    }, [DRAWING, RECT_FILL, ...size], since);

    // A text box added in A, retyped in place (double-click, type, Enter), the new words in B.
    since = performance.now();
    await a.page.getByRole("button", { name: "Text" }).click();
    const tspans = ([drawing, text]: string[]) => [...document.querySelectorAll(`${drawing} tspan`)].some((one) => one.textContent === text);
    shown.textAdded = await shownWithin(b.page, LIVE_MS, tspans, [DRAWING, "Text"], since);
    const text = (await a.page.locator(`${DRAWING} text`).boundingBox())!;
    await a.page.mouse.dblclick(text.x + text.width / 2, text.y + text.height / 2);
    await a.page.locator("textarea.text-editor").fill("Hello from A");
    since = performance.now();
    await a.page.keyboard.press("Enter");
    shown.retyped = await shownWithin(b.page, LIVE_MS, tspans, [DRAWING, "Hello from A"], since);

    // Undo and redo of A's own retyping: back to "Text" in both, then "Hello from A" again.
    since = performance.now();
    await a.page.keyboard.press("Control+z");
    shown.undone = await shownWithin(b.page, LIVE_MS, tspans, [DRAWING, "Text"], since);
    since = performance.now();
    await a.page.keyboard.press("Control+y");
    shown.redone = await shownWithin(b.page, LIVE_MS, tspans, [DRAWING, "Hello from A"], since);

    // By keyboard in B: Tab to the first element (the rectangle), three arrows right as one edit, then Delete.
    const editsOfB = b.edits.length;
    await b.page.focus("#stage");
    await b.page.keyboard.press("Escape");
    await b.page.keyboard.press("Tab");
    const x = Number(await rectIn(b.page).getAttribute("x"));
    for (let i = 0; i < 3; i++) await b.page.keyboard.press("ArrowRight");
    // The move is sent once the arrows rest (400 ms), then it has the same second as any other edit.
    since = performance.now() + 400;
    shown.nudged = await shownWithin(a.page, LIVE_MS, ([drawing, fill, left]) => document.querySelector(`${drawing} rect[fill="${fill}"]`)?.getAttribute("x") === left, [DRAWING, RECT_FILL, String(x + 3)], since);
    assert.equal(b.edits.length - editsOfB, 1, "three arrow presses are one edit");
    since = performance.now();
    await b.page.keyboard.press("Delete");
    shown.deleted = await shownWithin(a.page, LIVE_MS, ([drawing, fill]) => document.querySelector(`${drawing}`) !== null && !document.querySelector(`${drawing} rect[fill="${fill}"]`), [DRAWING, RECT_FILL], since);

    // One of the team's images placed by A (picked from its folders), drawn from its signed thumbnail in both.
    await a.page.getByRole("button", { name: "Image" }).click();
    const picture = a.page.locator("#picker-items button", { hasText: "picture.png" });
    await picture.waitFor();
    since = performance.now();
    await picture.click();
    shown.image = await shownWithin(b.page, LIVE_MS, ([drawing]) => document.querySelector(`${drawing} image`)?.getAttribute("href")?.startsWith("/blobs/") === true, [DRAWING], since);

    // A page added and moved first in B: A's strip shows the same pages in the same order.
    await b.page.getByRole("button", { name: "Add page" }).click();
    since = performance.now();
    await b.page.getByRole("button", { name: "Move the page earlier" }).click();
    const orderInB = await b.page.locator("#pages .page").evaluateAll((buttons) => buttons.map((one) => (one as HTMLElement).dataset.pageId));
    await b.page.waitForFunction(() => !document.querySelector("#pages .page")?.getAttribute("data-page-id")?.startsWith("new-"));
    const namedOrder = await b.page.locator("#pages .page").evaluateAll((buttons) => buttons.map((one) => String((one as HTMLElement).dataset.pageId)));
    assert.equal(orderInB.length, 2);
    shown.pages = await shownWithin(a.page, LIVE_MS, (order) => JSON.stringify([...document.querySelectorAll<HTMLElement>("#pages .page")].map((one) => one.dataset.pageId)) === JSON.stringify(order), namedOrder, since);

    t.diagnostic(`shown in the other page after (ms): ${JSON.stringify(shown)}`);
    await a.page.getByRole("button", { name: "Page 2" }).click();
    await assertReadable(a.page, "1280×800");
    await a.page.screenshot({ path: `${SCREENSHOTS_DIR}editor-1280x800.png` });
    await b.page.screenshot({ path: `${SCREENSHOTS_DIR}editor-teammate-1280x800.png` });
    await a.page.setViewportSize({ width: 768, height: 1024 });
    await assertReadable(a.page, "768×1024");
    await a.page.screenshot({ path: `${SCREENSHOTS_DIR}editor-768x1024.png` });

    for (const opened of [b, a]) {
      assert.deepEqual(opened.outside, [], "no request leaves the platform");
      assert.deepEqual(opened.failures, [], "no script error, no policy violation");
      await opened.page.close({ runBeforeUnload: true });
      // B's tab closed: it left the editor, and A's list says so.
      if (opened === b) await a.page.waitForFunction(() => [...document.querySelectorAll("#viewers li")].map((one) => one.textContent).join() === "Cleo Client", undefined, { timeout: 10_000 });
    }
  });
});

describe("the design editor as a newcomer meets it", () => {
  test("a text longer than its box grows the box (nothing cut off), the status line follows a drag, and page tools are enabled only where they can act", async () => {
    const created = await d.t.http.post("/v1/designs", { design_type: { type: "custom", width: 800, height: 600 }, title: "Newcomer" }, { token: tokens.owner });
    assert.equal(created.status, 200, created.text);
    const opened = await openRecorded(browser, origin, onPlatform(d.t.http, created.body.design.urls.edit_url).href);
    const { page } = opened;
    await pasteToken(opened, tokens.owner);
    await page.locator(DRAWING).waitFor({ timeout: 30_000 });
    const enabled = async () => Object.fromEntries(await Promise.all(["Add page", "Move the page earlier", "Move the page later", "Delete page"].map(async (name) => [name, await page.getByRole("button", { name }).isEnabled()])));

    // One page: it can only be added to.
    assert.deepEqual(await enabled(), { "Add page": true, "Move the page earlier": false, "Move the page later": false, "Delete page": false });

    // Retyped text longer than its box: the box grows with it, so the drawing shows every letter.
    await page.getByRole("button", { name: "Text" }).click();
    await page.locator(`${DRAWING} text`).waitFor();
    const text = (await page.locator(`${DRAWING} text`).boundingBox())!;
    await page.mouse.dblclick(text.x + text.width / 2, text.y + text.height / 2);
    await page.locator("textarea.text-editor").fill("Hello from a newcomer");
    await page.keyboard.press("Enter");
    const fitted = () => page.evaluate((drawing) => {
      const words = [...document.querySelectorAll(`${drawing} tspan`)].find((one) => one.textContent === "Hello from a newcomer")?.parentElement as unknown as SVGTextElement | undefined;
      const box = words?.parentElement;
      if (!words || !box) return undefined;
      const drawn = words.getBBox();
      return { text: drawn.x + drawn.width, box: Number(box.getAttribute("width")), textBottom: drawn.y + drawn.height, boxHeight: Number(box.getAttribute("height")) };
    }, DRAWING);
    await page.waitForFunction(([drawing]) => [...document.querySelectorAll(`${drawing} tspan`)].some((one) => one.textContent === "Hello from a newcomer"), [DRAWING]);
    const grown = (await fitted())!;
    assert.ok(grown.text <= grown.box && grown.textBottom <= grown.boxHeight, `the words (${grown.text} wide) fit their box (${grown.box} wide): ${JSON.stringify(grown)}`);
    const retyped = (opened.edits.at(-1)![0] as { updateElement: Record<string, unknown> }).updateElement;
    assert.equal(retyped.text, "Hello from a newcomer");
    assert.equal(retyped.width, grown.box, "the grown box is part of the edit: thumbnails and exports show it too");

    // Its right handle dragged far to the left: the box stops at its words.
    const east = page.locator("#stage .overlay .handle.e");
    await east.waitFor({ state: "visible" });
    const handle = (await east.boundingBox())!;
    await drag(page, { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 }, { x: -300, y: 0 }, 6);
    const squeezed = (await fitted())!;
    assert.ok(squeezed.text <= squeezed.box, `a resize leaves the words whole: ${JSON.stringify(squeezed)}`);

    // A rectangle dragged: the status line says where it is going while the button is down, then where it went.
    await page.getByRole("button", { name: "Rectangle" }).click();
    const rect = page.locator(`${DRAWING} rect[fill="${RECT_FILL}"]`);
    await rect.waitFor();
    const start = (await rect.boundingBox())!;
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width / 2 + 80, start.y + start.height / 2 + 40, { steps: 8 });
    await nextFrame(page);
    const [x, y] = [await rect.getAttribute("x"), await rect.getAttribute("y")];
    assert.equal(await page.textContent("#status"), `Moving Rectangle to ${x}, ${y}`);
    await page.mouse.up();
    assert.equal(await page.textContent("#status"), `Rectangle moved to ${x}, ${y}`);

    // Two pages: each tool where it can act, page by page.
    await page.getByRole("button", { name: "Add page" }).click();
    assert.deepEqual(await enabled(), { "Add page": true, "Move the page earlier": true, "Move the page later": false, "Delete page": true });
    await page.getByRole("button", { name: "Page 1" }).click();
    assert.deepEqual(await enabled(), { "Add page": true, "Move the page earlier": false, "Move the page later": true, "Delete page": true });
    await page.screenshot({ path: `${SCREENSHOTS_DIR}editor-newcomer.png` });
    assert.deepEqual(opened.outside, []);
    assert.deepEqual(opened.failures, []);
    await page.close({ runBeforeUnload: true });
  });
});
