import { existsSync, mkdirSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Debian's chromium (`apt-get install -y chromium`; `.ci/run` installs it when missing). */
export const CHROMIUM = "/usr/bin/chromium";

/** Where browser tests write their screenshots (git-ignored). */
export const SCREENSHOTS_DIR = new URL("../screenshots/", import.meta.url).pathname;

/** A headless chromium driven by playwright-core (no browser download: the system's own). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`browser tests need chromium at ${CHROMIUM}: apt-get install -y chromium`);
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
}
