import { loadConfig, type Config } from "../config.js";
import { createLogger, type Logger } from "../logger.js";
import { telemetry } from "../telemetry/hooks.js";

export interface Stoppable {
  close(): Promise<void>;
}

/**
 * Every process's entry point: reads the settings, starts what `start` builds, logs a start-up failure
 * instead of a stack on the terminal, and stops cleanly on SIGINT / SIGTERM.
 */
export async function boot(name: string, start: (config: Config, log: Logger) => Promise<Stoppable>): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel, name, config.logFormat);
  let running: Stoppable;
  try {
    running = await start(config, log);
  } catch (error) {
    log.fatal({ err: error }, `${name} could not start`);
    process.exit(1);
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log.info({ signal }, "shutting down");
      void running
        .close()
        .then(() => telemetry.shutdown?.())
        .finally(() => process.exit(0));
    });
  }
}

/** Several running parts stopped in order. */
export function stopAll(...parts: Stoppable[]): Stoppable {
  return {
    async close() {
      for (const part of parts) await part.close();
    },
  };
}
