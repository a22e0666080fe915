import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { parseArgs } from "node:util";
import express, { type NextFunction, type Request, type Response } from "express";
import { beginAuthorization, codeOfCallback, exchangeCode, OAuthFailure, refreshTokens, revokeToken, type PendingAuthorization, type Tokens } from "./oauth.js";
import { DesignPlatform, PlatformError } from "./platform.js";
import { clientSettings, integrationPort, integrationRedirectUri, INTEGRATION_SCOPES, type ClientSettings } from "./settings.js";

const USAGE = `Usage: npm run example:integration

An example integration of the design platform, as a starter kit gives one: a small web app on its own port
that signs its user in through OAuth 2.0 (authorization code, PKCE, state), lists their designs, uploads an
image and follows the job live, creates a design and opens it in the editor, and exports it as a PDF.
Open http://localhost:<INTEGRATION_PORT>/ once it runs.

Environment (the defaults work after \`npm run seed\` against \`npm start\`):
  PLATFORM_URL                  the design platform (default http://localhost:4000)
  INTEGRATION_PORT              this app's port (default 3000); its redirect URI is http://localhost:<port>/callback
  INTEGRATION_CLIENT_ID, INTEGRATION_CLIENT_SECRET
                                the OAuth client (default: the demo client the seed kept in DATA_DIR/demo-seed.json)`;

/** What one browser's visit holds, on this server only: the sign-in under way, then the user's tokens. */
interface Session {
  pending?: PendingAuthorization;
  tokens?: { access: string; refresh?: string; expiresAt: number };
  /** The refresh under way: calls at once share it (a rotated refresh token sent again would revoke the grant). */
  refreshing?: Promise<void>;
}

const COOKIE = "example_integration_session";
const PAGE = new URL("./page/", import.meta.url);

/** The user's designs as the page lists them: the documented Design's members it shows. */
const designItem = (design: Record<string, any>) => ({
  id: design.id,
  title: design.title ?? "Untitled",
  edit_url: design.urls?.edit_url,
  view_url: design.urls?.view_url,
  thumbnail: design.thumbnail?.url,
});

/** The asset's name: the file's (the page sends it URI-encoded), at most 50 characters as the platform takes. */
function fileName(encoded: string): string {
  let name = encoded;
  try {
    name = decodeURIComponent(encoded);
  } catch {
    /* sent as is */
  }
  return [...name.trim()].slice(0, 50).join("") || "image";
}

const ASSET_UPLOAD_JOB = `subscription($id: ID!) { assetUploadJob(id: $id) { id status asset { id name thumbnail { url } } error { code message } } }`;
const EXPORT_JOB = `subscription($id: ID!) { exportJob(id: $id) { id status urls error { code message } } }`;

export interface AppOptions {
  /** What the sign-in asks for (INTEGRATION_SCOPES). */
  scope?: string;
  /** How long before an access token expires it is refreshed, before the next call that needs it (a minute). */
  refreshBeforeMs?: number;
}

/** The example integration's web app. `client` is its OAuth client on the platform; `redirectUri` its callback. */
export function integrationApp(client: ClientSettings, redirectUri: string, { scope = INTEGRATION_SCOPES, refreshBeforeMs = 60_000 }: AppOptions = {}): express.Express {
  const sessions = new Map<string, Session>();
  const app = express();
  app.disable("x-powered-by");

  function sessionOf(req: Request, res: Response): Session {
    const id = /(?:^|;\s*)example_integration_session=([\w-]+)/.exec(req.headers.cookie ?? "")?.[1];
    if (id && sessions.has(id)) return sessions.get(id)!;
    const fresh = randomBytes(24).toString("base64url");
    sessions.set(fresh, {});
    res.cookie(COOKIE, fresh, { httpOnly: true, sameSite: "lax", path: "/" });
    return sessions.get(fresh)!;
  }

  /** The signed-in user's platform, refreshing the access token shortly before it expires; a refresh refused (the grant revoked) signs the user out. */
  function platformOf(session: Session): DesignPlatform {
    return new DesignPlatform(client.platformUrl, async () => {
      const tokens = session.tokens;
      if (!tokens) throw new PlatformError(401, "signed_out", "Sign in first");
      if (tokens.refresh && Date.now() > tokens.expiresAt - refreshBeforeMs) {
        session.refreshing ??= refreshTokens(client, tokens.refresh)
          .then((fresh) => void (session.tokens = kept(fresh)))
          .finally(() => (session.refreshing = undefined));
        try {
          await session.refreshing;
        } catch (error) {
          if (error instanceof OAuthFailure) throw new PlatformError(401, error.code, `Sign in again: ${error.message}`);
          throw error;
        }
      }
      if (!session.tokens) throw new PlatformError(401, "signed_out", "Sign in first");
      return session.tokens.access;
    });
  }

  const kept = (tokens: Tokens) => ({ access: tokens.access_token, refresh: tokens.refresh_token, expiresAt: Date.now() + tokens.expires_in * 1000 });

  /** A JSON route of the page: signed in, called from this origin only (a form of another site cannot post here). */
  const api = (handler: (req: Request, res: Response, platform: DesignPlatform) => Promise<unknown>) => async (req: Request, res: Response) => {
    const origin = req.headers.origin;
    if (req.method !== "GET" && origin !== undefined && origin !== `${req.protocol}://${req.headers.host}`) return void res.status(403).json({ error: "Another site may not call this app" });
    const session = sessionOf(req, res);
    if (!session.tokens) return void res.status(401).json({ error: "Sign in first" });
    try {
      const answer = await handler(req, res, platformOf(session));
      if (answer !== undefined) res.json(answer);
    } catch (error) {
      const status = error instanceof PlatformError ? error.status : 502;
      if (status === 401) session.tokens = undefined;
      if (res.headersSent) res.end();
      else res.status(status).json({ error: (error as Error).message });
    }
  };

  /** Server-sent events of a job subscription, until the job ends or the page goes away. */
  const followJob = (query: string, field: string) =>
    api(async (req, res, platform) => {
      // The stream opens once the subscription is under way: a refusal before that (signed out) is a JSON error.
      const open = () => res.headersSent || res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store" });
      const send = (event: string, data: unknown) => open() && res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const stop = await platform.subscribe(
        query,
        { id: req.params.id },
        (data) => send("job", data[field]),
        (error) => {
          if (error) send("failure", { error: error.message });
          send("end", {});
          res.end();
        },
      );
      open();
      res.on("close", stop);
    });

  app.use((_req, res, next) => {
    res.set({ "Content-Security-Policy": "default-src 'self'; img-src 'self' data: http: https:; frame-ancestors 'none'; form-action 'self'", "Referrer-Policy": "no-referrer" });
    next();
  });

  app.get("/", (_req, res) => void res.type("html").send(readFileSync(new URL("index.html", PAGE))));
  app.get("/app.js", (_req, res) => void res.type("js").send(readFileSync(new URL("app.js", PAGE))));
  app.get("/app.css", (_req, res) => void res.type("css").send(readFileSync(new URL("app.css", PAGE))));

  // Signing in: the user goes to the platform's consent page with a fresh state and PKCE challenge, and comes back to /callback.
  app.get("/login", (req, res) => {
    const session = sessionOf(req, res);
    session.pending = beginAuthorization(client, redirectUri, scope);
    res.redirect(302, session.pending.url);
  });

  app.get("/callback", async (req, res) => {
    const session = sessionOf(req, res);
    const pending = session.pending;
    session.pending = undefined;
    try {
      if (!pending) throw new OAuthFailure("no_sign_in", "No sign-in was started in this browser: start again");
      const code = codeOfCallback(pending, new URLSearchParams(req.url.split("?")[1] ?? ""));
      session.tokens = kept(await exchangeCode(client, pending, code));
      res.redirect(302, "/");
    } catch (error) {
      const reason = error instanceof OAuthFailure && error.code === "access_denied" ? "You did not allow access." : (error as Error).message;
      res.status(400).type("html").send(`<!doctype html><meta charset="utf-8"><title>Sign-in failed</title><link rel="stylesheet" href="/app.css">
<main><h1>Sign-in failed</h1><p id="problem">${reason.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p><p><a href="/">Back</a></p></main>`);
    }
  });

  app.post("/logout", async (req, res) => {
    const session = sessionOf(req, res);
    const tokens = session.tokens;
    session.tokens = undefined;
    if (tokens) await revokeToken(client, tokens.refresh ?? tokens.access).catch(() => undefined);
    res.redirect(303, "/");
  });

  // Who is signed in, if anyone: the graph (one request for the ids and the name).
  const me = api(async (_req, _res, platform) => {
    const { designMe, designProfileName } = await platform.graphql(`{ designMe { userId teamId } designProfileName }`);
    return { signed_in: true, user_id: designMe.userId, team_id: designMe.teamId, name: designProfileName };
  });
  app.get("/api/me", (req, res) => (sessionOf(req, res).tokens ? me(req, res) : void res.json({ signed_in: false })));

  // The user's designs: GET /v1/designs, most recently changed first.
  app.get("/api/designs", api(async (_req, _res, platform) => {
    const { items } = await platform.rest("GET", "/v1/designs?ownership=any&sort_by=modified_descending&limit=20");
    return { items: (items as Record<string, any>[]).map(designItem) };
  }));

  // An image upload: the bytes to POST /v1/asset-uploads, then its job followed live over the graph's `assetUploadJob`.
  app.post("/api/asset-uploads", express.raw({ type: "*/*", limit: "20mb" }), api(async (req, _res, platform) => {
    const name = fileName(String(req.headers["x-file-name"] ?? ""));
    const metadata = JSON.stringify({ name_base64: Buffer.from(name).toString("base64") });
    return platform.rest("POST", "/v1/asset-uploads", { bytes: req.body as Buffer, headers: { "asset-upload-metadata": metadata } });
  }));
  app.get("/api/asset-uploads/:id/events", followJob(ASSET_UPLOAD_JOB, "assetUploadJob"));

  // A new design (a presentation, with the uploaded image on its first page when there is one): POST /v1/designs.
  app.post("/api/designs", express.json(), api(async (req, _res, platform) => {
    const { title, asset_id } = (req.body ?? {}) as { title?: string; asset_id?: string };
    const { design } = await platform.rest("POST", "/v1/designs", {
      json: { design_type: { type: "preset", name: "presentation" }, title: title || "Made by the example integration", ...(asset_id ? { asset_id } : {}) },
    });
    return { design: designItem(design) };
  }));

  // A PDF of a design: POST /v1/exports, then its job followed live over the graph's `exportJob`.
  app.post("/api/exports", express.json(), api(async (req, _res, platform) => {
    return platform.rest("POST", "/v1/exports", { json: { design_id: (req.body ?? {}).design_id, format: { type: "pdf" } } });
  }));
  app.get("/api/exports/:id/events", followJob(EXPORT_JOB, "exportJob"));

  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => void res.status(400).json({ error: error.message }));
  return app;
}

/** Starts the app on `port` (0: any free one); answers the server and where it is. */
export async function startIntegration(client: ClientSettings, port: number, redirectUri: string, options?: AppOptions): Promise<{ server: Server; url: string }> {
  const app = integrationApp(client, redirectUri, options);
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, "127.0.0.1", (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  const address = server.address();
  return { server, url: `http://localhost:${typeof address === "object" && address ? address.port : port}` };
}

if (import.meta.main) {
  try {
    if (parseArgs({ options: { help: { type: "boolean", short: "h" } } }).values.help) {
      console.log(USAGE);
      process.exit(0);
    }
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  try {
    const client = clientSettings();
    const { server, url } = await startIntegration(client, integrationPort(), integrationRedirectUri());
    console.log(`example integration on ${url}/ (client ${client.clientId} of ${client.platformUrl}); sign in there`);
    const stop = () => server.close(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
