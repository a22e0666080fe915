/**
 * Asks `/healthz` of a platform over and over while some work runs, and tells the longest wait for an
 * answer: how long the process stopped answering, as any caller would have seen it.
 */
export async function longestHealthWait(baseUrl: string, work: () => Promise<void>): Promise<{ longestMs: number; answers: number }> {
  let running = true;
  let longestMs = 0;
  let answers = 0;
  const watching = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(new URL("/healthz", baseUrl));
      await response.text();
      if (response.status !== 200) throw new Error(`/healthz answered ${response.status}`);
      longestMs = Math.max(longestMs, performance.now() - started);
      answers++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await watching;
  }
  return { longestMs, answers };
}
