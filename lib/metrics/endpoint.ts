import { timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import { registry } from "./registry.js";

export interface MetricsSettings {
  /** METRICS_ENABLED: on outside production, off in production unless set to true. */
  enabled: boolean;
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>`. */
  token: string | undefined;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Hooks run just before each scrape (gauges read from the database or from live objects). */
const beforeScrape = new Set<() => Promise<void> | void>();

/** Runs `refresh` before every scrape until the returned function is called. */
export function refreshOnScrape(refresh: () => Promise<void> | void): () => void {
  beforeScrape.add(refresh);
  return () => void beforeScrape.delete(refresh);
}

/**
 * `GET /metrics` in Prometheus' text format, or undefined when metrics are off (the path then 404s
 * like any unknown path). With a token set, anything else than its bearer is answered 401.
 */
export function metricsHandler(settings: MetricsSettings): ((req: Request, res: Response) => Promise<void>) | undefined {
  if (!settings.enabled) return undefined;
  return async (req, res) => {
    if (settings.token !== undefined && !sameSecret(req.headers.authorization ?? "", `Bearer ${settings.token}`)) {
      return void res.status(401).set("www-authenticate", 'Bearer realm="metrics"').json({ error: "Metrics need the METRICS_TOKEN bearer token" });
    }
    await Promise.all([...beforeScrape].map((refresh) => refresh()));
    res.type(registry.contentType).send(await registry.metrics());
  };
}

/** Mounts `/metrics` on an app when metrics are on. */
export function mountMetrics(app: { get(path: string, handler: (req: Request, res: Response) => Promise<void>): unknown }, settings: MetricsSettings): void {
  const handler = metricsHandler(settings);
  if (handler) app.get("/metrics", handler);
}
