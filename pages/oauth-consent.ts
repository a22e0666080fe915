import type { Response } from "express";
import { scopeDescription } from "../lib/auth/design-scopes.js";
import { escapeHtml } from "../lib/html-page.js";

/** A server-rendered page of the authorization endpoint: no script, no external asset, its form posting back to itself. */
function sendPage(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .set({
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      "X-Frame-Options": "DENY",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    })
    .type("html")
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1d1d1f}
label{display:block;margin:.75rem 0 .25rem}input[type=email],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}
ul{padding-left:1.25rem}button{margin:1rem .5rem 0 0;padding:.5rem 1rem}.error{color:#b00020}</style></head>
<body>${body}</body></html>`);
}

/** An authorization request that cannot go back to its client. */
export function sendAuthorizationError(res: Response, status: number, message: string): void {
  sendPage(res, status, "Authorization failed", `<h1>Authorization failed</h1><p class="error">${escapeHtml(message)}</p>`);
}

/** Sign-in and consent: what the client asks for, the request's parameters carried in hidden fields, Allow or Deny. */
export function sendConsentPage(
  res: Response,
  status: number,
  page: { clientName: string; scopes: string[]; hidden: Record<string, string | undefined>; problem?: string },
): void {
  const hidden = Object.entries(page.hidden)
    .map(([name, value]) => (value === undefined ? "" : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`))
    .join("");
  sendPage(
    res,
    status,
    `Authorize ${page.clientName}`,
    `<h1>${escapeHtml(page.clientName)} wants to access your account</h1>
<p>It asks for:</p><ul>${page.scopes.map((scope) => `<li>${escapeHtml(scopeDescription(scope))} (<code>${escapeHtml(scope)}</code>)</li>`).join("")}</ul>
${page.problem ? `<p class="error" role="alert">${escapeHtml(page.problem)}</p>` : ""}
<form method="post" action="">${hidden}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" name="decision" value="approve">Allow</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</form>`,
  );
}
