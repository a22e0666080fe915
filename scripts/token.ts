import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { readCommandLine } from "../lib/process/command-line.js";
import { escapeHtml } from "../lib/html-page.js";
import { beginAuthorization, codeOfCallback, exchangeCode, OAuthFailure, type Tokens } from "../examples/integration/oauth.js";
import { DesignPlatform } from "../examples/integration/platform.js";
import { clientSettings, INTEGRATION_SCOPES, tokenCallbackPort, tokenRedirectUri } from "../examples/integration/settings.js";

/** What the example integration asks for, and `folder:read`: the token also opens the design editor (pasted there). */
const DEFAULT_SCOPES = `${INTEGRATION_SCOPES} folder:read`;

const USAGE = `Usage: npm run token -- [--scopes "<s …>"] [--no-browser] [--json] [--timeout <seconds>]

Prints a design-platform access token for a user, as \`gh auth login\` does: it opens the platform's sign-in
and consent page in a browser (or prints its URL), catches the authorization code on a loopback port
(http://127.0.0.1:<TOKEN_CALLBACK_PORT>/callback), exchanges it (PKCE, state checked) and prints the token
on standard output, alone (npm's \`-s\` keeps npm's own lines out: TOKEN=$(npm run -s token)).

  --scopes      what to ask for (default "${DEFAULT_SCOPES}")
  --no-browser  only print the URL, to open by hand
  --json        print the token endpoint's whole answer (access and refresh tokens, scope, expiry)
  --timeout     how long to wait for the browser, in seconds (default 300)

Environment (the defaults work after \`npm run seed\` against \`npm start\`):
  PLATFORM_URL            the design platform (default http://localhost:4000)
  TOKEN_CALLBACK_PORT     the loopback port (default 8976); the client must have its redirect URI registered
  INTEGRATION_CLIENT_ID, INTEGRATION_CLIENT_SECRET
                          the OAuth client (default: the demo client the seed kept in DATA_DIR/demo-seed.json)`;

const { values } = readCommandLine(USAGE, {
  options: {
    scopes: { type: "string", default: DEFAULT_SCOPES },
    "no-browser": { type: "boolean" },
    json: { type: "boolean" },
    timeout: { type: "string", default: "300" },
  },
});

const timeoutSeconds = Number(values.timeout);
if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
  console.error(`--timeout must be a number of seconds above 0\n\n${USAGE}`);
  process.exit(2);
}

/** Opens `url` in the desktop's browser when there is a desktop; says nothing when it cannot (the URL is printed anyway). */
function openBrowser(url: string): void {
  const command =
    process.platform === "darwin" ? ["open", url]
    : process.platform === "win32" ? ["cmd", "/c", "start", "", url]
    : process.env.DISPLAY || process.env.WAYLAND_DISPLAY ? ["xdg-open", url]
    : undefined;
  if (!command) return;
  const opener = spawn(command[0], command.slice(1), { detached: true, stdio: "ignore" });
  opener.on("error", () => undefined);
  opener.unref();
}

function page(res: ServerResponse, status: number, title: string, text: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "content-security-policy": "default-src 'none'", "cache-control": "no-store" });
  res.end(`<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}

/** Waits for the browser's return to the loopback callback: the tokens, or why there are none. A callback of another sign-in (another state) is refused and waited past. */
async function catchCode(): Promise<Tokens> {
  const client = clientSettings();
  const redirectUri = tokenRedirectUri();
  const pending = beginAuthorization(client, redirectUri, values.scopes!);
  let settle!: { resolve: (tokens: Tokens) => void; reject: (error: Error) => void };
  const outcome = new Promise<Tokens>((resolve, reject) => (settle = { resolve, reject }));
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", redirectUri);
    if (req.method !== "GET" || url.pathname !== new URL(redirectUri).pathname) return page(res, 404, "Not found", "This port only waits for the sign-in's return.");
    try {
      const tokens = await exchangeCode(client, pending, codeOfCallback(pending, url.searchParams));
      page(res, 200, "Signed in", "The token is in your terminal. You may close this tab.");
      settle.resolve(tokens);
    } catch (error) {
      const failure = error instanceof OAuthFailure ? error : new OAuthFailure("error", (error as Error).message);
      page(res, 400, failure.code === "access_denied" ? "Access denied" : "Sign-in failed", failure.message);
      if (failure.code !== "state_mismatch") settle.reject(failure);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new Error(`port ${tokenCallbackPort()} is taken: free it, or set TOKEN_CALLBACK_PORT to a port the client has a redirect URI for`) : error),
    );
    server.listen(tokenCallbackPort(), "127.0.0.1", resolve);
  });
  const timer = setTimeout(() => settle.reject(new Error(`no sign-in came back within ${timeoutSeconds} s`)), timeoutSeconds * 1000);
  console.error(`Sign in and allow access in your browser:\n\n  ${pending.url}\n\nWaiting for it to come back to ${redirectUri} …`);
  if (!values["no-browser"]) openBrowser(pending.url);
  try {
    return await outcome;
  } finally {
    clearTimeout(timer);
    server.closeAllConnections();
    server.close();
  }
}

try {
  const tokens = await catchCode();
  const { designMe } = await new DesignPlatform(clientSettings().platformUrl, async () => tokens.access_token).graphql(`{ designMe { userId teamId } }`);
  console.error(`Token of user ${designMe.userId} (team ${designMe.teamId}) with "${tokens.scope}", valid ${Math.round(tokens.expires_in / 60)} minutes.`);
  console.log(values.json ? JSON.stringify(tokens) : tokens.access_token);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
