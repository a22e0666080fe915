import { loadConfig, type Config } from "../config.js";
import { createLogger, type Logger } from "../logger.js";
import { startDraining } from "./draining.js";
import { telemetry } from "../telemetry/hooks.js";

export interface Stoppable {
  close(): Promise<void>;
}

/**
 * Every process's entry point: reads the settings, starts what `start` builds, logs a start-up failure
 * instead of a stack on the terminal, and stops cleanly on SIGINT / SIGTERM: new requests
 * are answered 503, those in flight finish within SHUTDOWN_GRACE_MS, then every part closes in order.
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
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      // A second signal while stopping means "now".
      if (stopping) process.exit(1);
      stopping = true;
      startDraining(config.shutdownGraceMs);
      log.info({ signal, graceMs: config.shutdownGraceMs }, "shutting down: new requests refused (503); finishing those in flight");
      // Each part bounds its own wait by the grace; this bounds the whole, whatever a part does.
      setTimeout(() => {
        log.warn({}, "shutdown took too long: exiting");
        process.exit(1);
      }, 2 * config.shutdownGraceMs + 5_000).unref();
      void running
        .close()
        .then(() => log.info({}, "stopped"))
        .then(() => telemetry.shutdown?.())
        .catch((error) => log.error({ err: error }, "stopping failed"))
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
