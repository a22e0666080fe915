import { htmlPageHeaders } from "../lib/html-page.js";

/**
 * Headers of a page that runs the platform's own bundled script (the explorer, the API docs, the job
 * console): scripts, requests and WebSockets to this origin only; styles may be set inline by the
 * page's components; fonts and images from the bundle's own `data:` URLs; never framed, never cached.
 */
export function scriptPageHeaders(): Record<string, string> {
  return {
    ...htmlPageHeaders(),
    "Content-Security-Policy":
      "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  };
}

/** The HTML of such a page: an empty mount point, the page's stylesheet and its script (both same-origin). */
export function scriptPageHtml(page: { title: string; script: string; stylesheet?: string; mountId: string }): string {
  const stylesheet = page.stylesheet ? `<link rel="stylesheet" href="${page.stylesheet}">` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title}</title>${stylesheet}</head><body style="margin:0"><div id="${page.mountId}" style="height:100vh"></div><script src="${page.script}"></script></body></html>`;
}
