import type { HttpResponse } from "./http.js";

/** What a load run saw: every answer's status, the slowest answer, and the first answer of each status. */
export interface LoadReport {
  statuses: Map<number, number>;
  firstOf: Map<number, HttpResponse>;
  slowestMs: number;
}

/**
 * Runs `loops` copies of `step` back to back until `stop()` resolves, recording every answer
 * (a request that throws — no answer at all — is recorded as status 0).
 */
export async function steadyLoad(loops: number, step: (loop: number) => Promise<HttpResponse>, until: Promise<void>): Promise<LoadReport> {
  const report: LoadReport = { statuses: new Map(), firstOf: new Map(), slowestMs: 0 };
  let stopped = false;
  void until.then(() => (stopped = true));
  const loop = async (index: number) => {
    while (!stopped) {
      const started = performance.now();
      const response = await step(index).catch((): HttpResponse => ({ status: 0, headers: new Headers(), text: "", body: undefined }));
      report.slowestMs = Math.max(report.slowestMs, performance.now() - started);
      report.statuses.set(response.status, (report.statuses.get(response.status) ?? 0) + 1);
      if (!report.firstOf.has(response.status)) report.firstOf.set(response.status, response);
    }
  };
  await Promise.all(Array.from({ length: loops }, (_, index) => loop(index)));
  return report;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns true, at most `timeoutMs`; returns how long it took. */
export async function eventually(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await probe().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
  return Date.now() - started;
}
