/**
 * Headers of a server-rendered HTML page: nothing but its own inline style (and `img-src 'self'`
 * when `images` is set), never framed, never cached, no referrer (its links may carry tokens).
 */
export function htmlPageHeaders(options: { images?: boolean } = {}): Record<string, string> {
  const images = options.images ? " img-src 'self';" : "";
  return {
    "Content-Security-Policy": `default-src 'none';${images} style-src 'unsafe-inline'; frame-ancestors 'none'`,
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
  };
}

/**
 * Headers of a page made of this origin's files only (the design editor): its script, stylesheet and
 * images, requests and WebSockets to this origin; nothing inline, no `data:`, no forms, never framed,
 * never cached, no referrer.
 */
export function sameOriginPageHeaders(): Record<string, string> {
  return {
    ...htmlPageHeaders(),
    "Content-Security-Policy":
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  };
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe as HTML (or XML) character data or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
