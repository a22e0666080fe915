import http from "node:http";
import type { Express, Request, Response } from "express";
import { CLIENT_ADDRESS_HEADER, type InternalCalls } from "../lib/auth/internal-calls.js";
import { callerAddress } from "../lib/http.js";
import type { Logger } from "../lib/logger.js";
import type { DomainManifest } from "../lib/modules/domain-manifest.js";

const unavailable = (res: Response) => void res.status(502).type("text/plain").send("The page is unavailable");

/**
 * Pages a domain serves to anyone holding a link (its `publicPaths`, such as the design viewer): the
 * gateway's port passes GET requests under those paths to the domain's subgraph, with the path, the query
 * and the caller's address (signed, as to every subgraph) only — no credentials or other headers — and
 * only if the normalised path stays under the prefix.
 */
export function mountPageProxy(app: Express, domains: readonly DomainManifest[], subgraphUrls: Record<string, string>, log: Logger, internalCalls: InternalCalls): void {
  for (const domain of domains) {
    for (const prefix of domain.publicPaths ?? []) {
      app.get(`${prefix}/*rest`, (req: Request, res: Response) => {
        const base = subgraphUrls[domain.name]?.replace(/\/graphql$/, "");
        if (!base) return unavailable(res);
        const url = new URL(`${base}${req.originalUrl}`);
        if (url.origin !== new URL(base).origin || !url.pathname.startsWith(`${prefix}/`)) return void res.status(404).type("text/plain").send("Not found");
        const outgoing = http.get(url, { headers: { accept: "text/html", [CLIENT_ADDRESS_HEADER]: internalCalls.signAddress(callerAddress(req, internalCalls)) } }, (incoming) => {
          res.status(incoming.statusCode ?? 502);
          for (const [name, value] of Object.entries(incoming.headers)) if (value !== undefined && name !== "connection") res.setHeader(name, value);
          incoming.pipe(res);
        });
        outgoing.on("error", (error) => {
          log.error({ err: error, domain: domain.name }, "a domain's page could not be reached");
          if (!res.headersSent) unavailable(res);
          else res.destroy();
        });
      });
    }
  }
}
