import type { Response } from "express";
import { scopeDescription } from "../lib/auth/design-scopes.js";
import { escapeHtml } from "../lib/html-page.js";

/**
 * A redirect URI's origin as a source of a Content-Security-Policy (`https://app.example:8443`), or
 * undefined where the policy's grammar cannot name it (an IPv6 literal, a host with other characters).
 */
export function policySourceOf(redirectUri: string): string | undefined {
  let origin: string;
  try {
    origin = new URL(redirectUri).origin;
  } catch {
    return undefined;
  }
  return /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(origin) ? origin : undefined;
}

/**
 * A server-rendered page of the authorization endpoint: no script, no external asset. `formAction`
 * is where its form may send the browser: the form posts back to this origin, and browsers (Chromium)
 * hold the redirect that answers the post to the same list, so a consent page names the origin of the
 * validated redirect URI of the client it asks for; a page without a form names nothing.
 */
function sendPage(res: Response, status: number, title: string, body: string, formAction = "'none'", head = ""): void {
  res
    .status(status)
    .set({
      "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'`,
      "X-Frame-Options": "DENY",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    })
    .type("html")
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${head}
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1d1d1f}
label{display:block;margin:.75rem 0 .25rem}input[type=email],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}
ul{padding-left:1.25rem}button{margin:1rem .5rem 0 0;padding:.5rem 1rem}.error{color:#b00020}</style></head>
<body>${body}</body></html>`);
}

/**
 * The answer to the consent form that sends the browser back to the client at `target` (its validated
 * redirect URI, with the code or the error): a 302 where the form's page could name the target's origin
 * in its `form-action`, otherwise a page that goes there by itself (a refresh, and a link), which every
 * browser follows whatever the policy of the form that led to it.
 */
export function sendBackToClient(res: Response, target: string, clientName: string): void {
  if (policySourceOf(target)) return void res.redirect(302, target);
  const href = escapeHtml(target);
  sendPage(res, 200, `Back to ${clientName}`, `<p>Back to ${escapeHtml(clientName)}… <a id="continue" href="${href}">Continue</a></p>`, "'none'", `<meta http-equiv="refresh" content="0;url=${href}">`);
}

/** An authorization request that cannot go back to its client. */
export function sendAuthorizationError(res: Response, status: number, message: string): void {
  sendPage(res, status, "Authorization failed", `<h1>Authorization failed</h1><p class="error">${escapeHtml(message)}</p>`);
}

/**
 * Sign-in and consent: what the client asks for, the request's parameters carried in hidden fields, Allow
 * or Deny; its form may lead to this origin and to the origin of `redirectUri` (validated for the client).
 */
export function sendConsentPage(
  res: Response,
  status: number,
  page: { clientName: string; scopes: string[]; redirectUri: string; hidden: Record<string, string | undefined>; problem?: string },
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
    ["'self'", policySourceOf(page.redirectUri)].filter(Boolean).join(" "),
  );
}
