import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.js";
import { ConfigError } from "../config.js";
import type { Logger } from "../logger.js";

const MINIMUM_LENGTH = 32;

/**
 * `JWT_SECRET` when set (at least 32 characters). Embedded mode without one generates a random
 * secret once and keeps it in `DATA_DIR`, so tokens survive restarts. Scale-out requires it: every
 * process must verify with the same secret.
 */
export async function resolveJwtSecret(config: Config, log: Logger): Promise<string> {
  if (config.jwtSecret !== undefined) {
    if (config.jwtSecret.length < MINIMUM_LENGTH) {
      throw new ConfigError(`JWT_SECRET must be at least ${MINIMUM_LENGTH} characters (got ${config.jwtSecret.length})`);
    }
    return config.jwtSecret;
  }
  if (config.databaseUrl !== undefined) {
    throw new ConfigError("JWT_SECRET is required when DATABASE_URL is set (every process must share it)");
  }
  const file = path.join(config.dataDir, "jwt-secret");
  try {
    const stored = (await readFile(file, "utf8")).trim();
    if (stored.length >= MINIMUM_LENGTH) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(48).toString("base64url");
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, secret + "\n", { mode: 0o600 });
  log.warn({ file }, "JWT_SECRET is not set: generated a random signing secret and kept it in DATA_DIR");
  return secret;
}
