import type { Request, Response } from "express";

/** One thing a process needs to serve requests (the database, Redis, the subgraphs): resolves when it is reachable now. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/** How long one check may take before it counts as unreachable. */
const CHECK_TIMEOUT_MS = 2_000;

async function outcomeOf(check: ReadinessCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)));
  try {
    await Promise.race([check.check(), timeout]);
    return "ok";
  } catch (error) {
    return `unavailable: ${(error as Error).message.split("\n")[0]}`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /readyz`: 200 `{ status: "ready", checks }` when every dependency answers, else 503
 * `{ status: "unavailable", checks }` naming which one does not (`/healthz` only says the process lives).
 */
export function readyz(checks: () => readonly ReadinessCheck[]) {
  return async (_req: Request, res: Response): Promise<void> => {
    const all = checks();
    const outcomes = await Promise.all(all.map(outcomeOf));
    const ready = outcomes.every((outcome) => outcome === "ok");
    res
      .status(ready ? 200 : 503)
      .set("cache-control", "no-store")
      .json({ status: ready ? "ready" : "unavailable", checks: Object.fromEntries(all.map((check, i) => [check.name, outcomes[i]])) });
  };
}

/** The database answers a trivial statement. */
export function databaseCheck(db: { ping(): Promise<void> }): ReadinessCheck {
  return { name: "database", check: () => db.ping() };
}

/** Another process of the deployment answers its `/healthz` (a subgraph for the gateway, the gateway for the REST adapter). */
export function healthCheck(name: string, healthUrl: string): ReadinessCheck {
  return {
    name,
    async check() {
      const response = await fetch(healthUrl, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`${healthUrl} answered ${response.status}`);
    },
  };
}

/** `http://host:port/graphql` → `http://host:port/healthz`. */
export function healthUrlOf(graphqlUrl: string): string {
  return new URL("/healthz", graphqlUrl).href;
}
