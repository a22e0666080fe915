// The platform signs its URLs with its public address, which need not be the one a page was opened at.

/**
 * A URL the platform made (a signed file URL, an edit link) as a path of this page's origin when its
 * path starts with `prefix`, else undefined: the pages load and link nothing of another origin.
 */
export function onThisOrigin(url: string, prefix: string): string | undefined {
  try {
    const parsed = new URL(url, location.href);
    return parsed.pathname.startsWith(prefix) ? `${parsed.pathname}${parsed.search}` : undefined;
  } catch {
    return undefined;
  }
}
