import type { Logger, LogFormat } from "../logger.js";

/** One line of a start banner: what it is, and where a person reaches it. */
export type BannerEntry = readonly [label: string, url: string];

/** The base URL a person types for a port this process listens on (`0.0.0.0` and `::` mean this machine). */
export function reachableBase(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" || host === "" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function renderBanner(title: string, entries: readonly BannerEntry[]): string {
  const width = Math.max(...entries.map(([label]) => label.length));
  const lines = entries.map(([label, url]) => `  ${label.padEnd(width)}  ${url}`);
  const rule = "─".repeat(Math.max(title.length + 2, ...lines.map((line) => line.length)));
  return `\n${rule}\n ${title}\n${rule}\n${lines.join("\n")}\n${rule}\n\n`;
}

/**
 * Says once that a process is ready and where everything it serves is: as one block on a terminal
 * (pretty logs), as one log record with every URL otherwise (so log collectors get the same facts).
 */
export function announceReady(log: Logger, format: LogFormat, title: string, entries: readonly BannerEntry[], details: object = {}): void {
  if (format === "pretty") process.stdout.write(renderBanner(title, entries));
  else log.info({ ...details, urls: Object.fromEntries(entries) }, title);
}
