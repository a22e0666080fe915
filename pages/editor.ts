import type { Express } from "express";
import { pageAsset } from "./assets.js";

/**
 * The design editor's files. The page itself is the designs domain's (`/designs/<id>/edit?token=…`,
 * where the link is checked); signing in is the console's (`pages/sign-in.ts`), and `signed-in.js`
 * hands the token it obtained back to the editor link the sign-in started from.
 */
export function mountEditorFiles(app: Express): void {
  app.get("/pages/editor.js", pageAsset("editor.js"));
  app.get("/pages/editor.css", pageAsset("editor.css"));
  app.get("/pages/signed-in.js", pageAsset("signed-in.js"));
}
