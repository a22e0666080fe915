// @tier contract
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { resolveJwtSecret } from "../auth/jwt-secret.js";
import { loadConfig, ConfigError } from "../config.js";
import { createLogger } from "../logger.js";
import { startEmbedded } from "../../platform/embedded.js";
import { anyDirectPorts } from "../../rest-adapter/services.js";

function recordingLogger() {
  const warnings: string[] = [];
  const log = createLogger("silent");
  log.warn = ((_obj: unknown, msg: string) => void warnings.push(msg)) as never;
  return { log, warnings };
}

describe("JWT secret", () => {
  test("a JWT_SECRET shorter than 32 characters is refused", async () => {
    const { log } = recordingLogger();
    await assert.rejects(resolveJwtSecret(loadConfig({ JWT_SECRET: "too-short" }), log), ConfigError);
  });

  test("the platform refuses to start with a short JWT_SECRET", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "secret-"));
    try {
      await assert.rejects(
        startEmbedded(loadConfig({ JWT_SECRET: "x".repeat(31), DATA_DIR: dataDir, PORT: "0", ...anyDirectPorts(), LOG_LEVEL: "silent" }), []),
        /at least 32 characters/,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test("embedded mode without one generates a secret once, keeps it in DATA_DIR and says so", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "secret-"));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const first = recordingLogger();
      const secret = await resolveJwtSecret(config, first.log);
      assert.ok(secret.length >= 32);
      assert.equal(first.warnings.length, 1);
      assert.match(first.warnings[0], /generated a random signing secret/);
      assert.equal((await readFile(path.join(dataDir, "jwt-secret"), "utf8")).trim(), secret);
      assert.equal((await stat(path.join(dataDir, "jwt-secret"))).mode & 0o777, 0o600);
      const second = recordingLogger();
      assert.equal(await resolveJwtSecret(config, second.log), secret);
      assert.equal(second.warnings.length, 0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test("scale-out (DATABASE_URL) requires JWT_SECRET", async () => {
    const { log } = recordingLogger();
    await assert.rejects(resolveJwtSecret(loadConfig({ DATABASE_URL: "postgres://localhost/x" }), log), /JWT_SECRET is required/);
  });
});
