import { ValidationError } from "../../../../lib/errors.js";

const MAX_REDIRECT_URIS = 10;
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * One redirect URI as it will be compared at authorization: exactly, character for character. It is
 * absolute, https (plain http only on this machine, and only outside production), without a fragment,
 * credentials or wildcard.
 */
function redirectUri(raw: string, loopbackHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError("redirectUris", `not an absolute URI: ${raw}`);
  }
  const problem =
    raw.includes("*") ? "wildcards are not allowed"
    : url.hash || raw.includes("#") ? "fragments are not allowed"
    : url.username || url.password ? "credentials are not allowed"
    : url.protocol === "https:" ? undefined
    : url.protocol === "http:" && loopbackHttp && LOOPBACK_HOSTS.includes(url.hostname) ? undefined
    : loopbackHttp ? "https is required (plain http only on localhost)"
    : "https is required";
  if (problem) throw new ValidationError("redirectUris", `redirect URIs must be exact https URIs: ${problem}: ${raw}`);
  return raw;
}

/** The registration's redirect URIs, checked and without duplicates. */
export function redirectUris(raw: readonly string[], options: { loopbackHttp: boolean }): string[] {
  if (raw.length === 0 || raw.length > MAX_REDIRECT_URIS) {
    throw new ValidationError("redirectUris", `between 1 and ${MAX_REDIRECT_URIS} redirect URIs are required`);
  }
  return [...new Set(raw.map((uri) => redirectUri(uri, options.loopbackHttp)))];
}
