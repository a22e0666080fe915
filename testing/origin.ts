import { REST_SERVICES } from "../rest-adapter/services.js";
import type { RestService } from "../rest-adapter/route-table.js";

/** One URL a deployment advertises, and what it answered on the origin. */
export interface Answered {
  what: string;
  url: string;
  status: number;
}

/** A route of the service that takes nothing: no path parameter, a GET (what a person or a probe asks first). */
function plainRoute(service: RestService, only: (route: RestService["routes"][number]) => boolean = () => true): string | undefined {
  return service.routes.find((route) => route.method === "GET" && !route.path.includes(":") && only(route))?.path;
}

async function statusOf(url: string, init: RequestInit = {}): Promise<number> {
  const response = await fetch(url, { redirect: "manual", ...init });
  await response.body?.cancel();
  return response.status;
}

/**
 * Asks the origin (`PUBLIC_URL`) for every URL the platform advertises: OpenID discovery and each endpoint it
 * names, the consent page, the console and its sign-in (and the editor's), the API docs and both OpenAPI
 * documents (and the servers they name), the explorer, health, a route of every REST prefix, the webhook
 * keys. Answers what each answered; the caller asserts none is missing (404), refused by a proxy (502) or
 * sent elsewhere. `directPorts` (service name → base URL) adds a route of each business service's own port.
 */
export async function askAdvertisedUrls(origin: string, directPorts: Record<string, string> = {}): Promise<{ answered: Answered[]; problems: string[] }> {
  const answered: Answered[] = [];
  const problems: string[] = [];
  const ask = async (what: string, url: string, init?: RequestInit) => {
    answered.push({ what, url, status: await statusOf(url, init) });
  };
  const onOrigin = (what: string, url: string) => {
    if (!url.startsWith(`${origin}/`)) problems.push(`${what} is advertised at ${url}, not on the origin ${origin}`);
  };

  const discovery = (await (await fetch(`${origin}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
  if (discovery.issuer !== origin) problems.push(`the issuer is ${String(discovery.issuer)}, not the origin ${origin}`);
  for (const [name, value] of Object.entries(discovery)) {
    if (!name.endsWith("_endpoint") && name !== "jwks_uri") continue;
    const url = String(value);
    onOrigin(name, url);
    // GETs for what a browser or a client reads; POSTs, empty, for what takes a form.
    const read = name === "authorization_endpoint" || name === "jwks_uri" || name === "userinfo_endpoint";
    await ask(`discovery ${name}`, url, read ? {} : { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
  }
  await ask("discovery document", `${origin}/.well-known/openid-configuration`);

  for (const platform of ["design", "business"]) {
    const document = (await (await fetch(`${origin}/openapi/${platform}.json`)).json()) as { servers?: { url: string }[] };
    await ask(`OpenAPI ${platform}`, `${origin}/openapi/${platform}.json`);
    for (const server of document.servers ?? []) {
      const url = new URL(server.url, `${origin}/`).href;
      onOrigin(`OpenAPI ${platform} server`, url);
    }
  }
  await ask("API docs", `${origin}/docs`);
  await ask("explorer", `${origin}/graphql`, { headers: { accept: "text/html" } });
  await ask("job console", `${origin}/console`);
  // The console's and the editor's "Sign in": a redirect on this origin (to the consent page, or back to the console without a client).
  for (const [what, path] of [["console sign-in", "/console/sign-in"], ["editor sign-in", "/console/sign-in?return=/designs/D1/edit?token=x"]]) {
    const response = await fetch(`${origin}${path}`, { redirect: "manual" });
    await response.body?.cancel();
    answered.push({ what, url: `${origin}${path}`, status: response.status });
    const location = response.headers.get("location");
    if (location) {
      const target = new URL(location, `${origin}/`).href;
      onOrigin(`${what}'s redirect`, target);
      await ask(`${what}'s redirect target`, target);
    }
  }
  await ask("health", `${origin}/healthz`);
  await ask("readiness", `${origin}/readyz`);
  await ask("webhook keys", `${origin}/v1/connect/keys`);

  for (const service of REST_SERVICES) {
    const path = plainRoute(service);
    if (path) {
      for (const prefix of [service.prefix, ...(service.alsoUnder ?? [])]) await ask(`REST ${service.name} ${prefix}`, `${origin}${prefix}${path}`);
      if (directPorts[service.name]) await ask(`REST ${service.name} own port`, `${directPorts[service.name]}${path}`);
    }
    if (service.authPrefix) {
      const route = service.routes.find((candidate) => candidate.alsoAuth);
      if (route) await ask(`REST ${service.name} ${service.authPrefix}`, `${origin}${service.authPrefix}${route.path}`, { method: route.method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: route.method === "GET" ? undefined : "" });
    }
  }
  for (const { what, url, status } of answered) {
    if (status === 404 || status === 405 || status >= 502) problems.push(`${what} (${url}) answered ${status}`);
  }
  return { answered, problems };
}
