import { createHash, randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { EDITOR_SCOPES } from "../lib/auth/design-scopes.js";
import type { TestPlatform } from "./platform.js";

/** The pages' own OAuth client (the console's, the editor signs in with it): its settings for the platform to start with. */
export function pagesClient(): { id: string; secret: string; env: Record<string, string> } {
  const id = `OC-pages-${randomBytes(4).toString("hex")}`;
  const secret = randomBytes(32).toString("base64url");
  return { id, secret, env: { CONSOLE_CLIENT_ID: id, CONSOLE_CLIENT_SECRET: secret } };
}

/** Registers the pages' client as an operator does: approved, its callback on this origin, the console's and the editor's scopes (and `profile:read`: the console shows the user's name). */
export async function registerPagesClient(t: TestPlatform, client: { id: string; secret: string }): Promise<void> {
  await t.platform.runtime.db.prisma.oAuthClient.create({
    data: {
      id: client.id,
      name: "Job console and design editor",
      secretHash: createHash("sha256").update(client.secret).digest("hex"),
      redirectUris: [`${t.http.baseUrl}/console/callback`],
      scopes: [...new Set(["asset:write", "profile:read", ...EDITOR_SCOPES.split(" ")])],
      status: "approved",
      reviewedAt: new Date(),
    },
  });
}

export interface OpenedPage {
  page: Page;
  /** Requests that left the platform's origin (none may). */
  outside: string[];
  /** Script errors, console errors (a CSP violation is one) and failed loads. */
  failures: string[];
  /** The operations of each `editDesign` the page sent. */
  edits: unknown[][];
}

/** A page of `browser` at `url` that records what leaves the origin, what fails and every edit it sends. */
export async function openRecorded(browser: Browser, origin: string, url: string, viewport = { width: 1280, height: 800 }): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport });
  const opened: OpenedPage = { page, outside: [], failures: [], edits: [] };
  page.on("request", (request) => {
    const target = new URL(request.url());
    if (!["data:", "blob:"].includes(target.protocol) && target.origin !== origin && target.origin.replace(/^ws/, "http") !== origin) opened.outside.push(request.url());
    const body = request.method() === "POST" && target.pathname === "/graphql" ? request.postData() : null;
    if (body?.includes("editDesign")) opened.edits.push(JSON.parse(body).variables.operations);
  });
  page.on("pageerror", (error) => opened.failures.push(error.message));
  // A failed load is named by its response (the browser's own favicon request aside); other console errors as they are.
  page.on("console", (message) => message.type() === "error" && !message.text().startsWith("Failed to load resource") && opened.failures.push(message.text()));
  page.on("response", (response) => response.status() >= 400 && new URL(response.url()).pathname !== "/favicon.ico" && opened.failures.push(`${response.status()} ${response.url()}`));
  await page.goto(url);
  return opened;
}

/** The drawing of the page on the stage (the renderer's SVG, not the selection's overlay). */
export const DRAWING = '#stage .sheet > svg[role="img"]';

/**
 * Waits until `check(arg)` (self-contained: it runs in the page) holds there (checked every frame) at most `limitMs` after `since` (by
 * default now): how long after `since` it held, in milliseconds.
 */
export async function shownWithin(page: Page, limitMs: number, check: (arg: string[]) => boolean, arg: string[], since = performance.now()): Promise<number> {
  await page.waitForFunction(check, arg, { timeout: Math.max(1, limitMs - (performance.now() - since)), polling: "raf" });
  return Math.round(performance.now() - since);
}
