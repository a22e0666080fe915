import { createRequire } from "node:module";
import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

/** `json`: one JSON object a line (for machines); `pretty`: coloured, one readable line a record (for people at a terminal). */
export type LogFormat = "json" | "pretty";

const require = createRequire(import.meta.url);

/** pino-pretty as a synchronous stream in this thread, loaded only when a person reads the log. */
function prettyStream(): DestinationStream {
  const pretty = require("pino-pretty") as (options: object) => DestinationStream;
  return pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", singleLine: true, sync: true });
}

export function createLogger(level: string, name?: string, format: LogFormat = "json"): Logger {
  const options = { level, name, redact: ["req.headers.authorization", "password", "*.password"] };
  return format === "pretty" ? pino(options, prettyStream()) : pino(options);
}
