// @tier process
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { PASSWORD, uniqueEmail } from "../../testing/accounts.js";
import { createTestDatabase, type TestDatabase } from "../../testing/database.js";
import { HttpClient } from "../../testing/http.js";
import { freeDirectPorts, freePort, platformProcessEnv, startProcess, waitUntilHealthy, type Child } from "../../testing/processes.js";

const ROOT = new URL("../../", import.meta.url).pathname;
/** Packages only `npm run build` needs (the pages' bundles are built from them): the compiled platform runs without them. */
const BUILD_TIME_PACKAGES = ["esbuild", "react", "react-dom", "graphiql", "@graphiql/toolkit", "swagger-ui-dist"];
let database: TestDatabase;
let platform: Child | undefined;

before(async () => {
  database = await createTestDatabase();
});
after(async () => {
  await platform?.stop();
  await database.drop();
});

describe("production build", () => {
  test("`npm run build` compiles and builds the pages; the compiled platform starts on plain Node without the build's packages and answers", async () => {
    const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, encoding: "utf8", env: { PATH: process.env.PATH, HOME: process.env.HOME } });
    assert.equal(build.status, 0, `${build.stdout}\n${build.stderr}`);

    const port = await freePort();
    platform = startProcess(
      "dist/scripts/start-embedded.js",
      platformProcessEnv(database, {
        NODE_ENV: "production",
        BOOTSTRAP_SECRET: randomBytes(16).toString("hex"),
        PORT: String(port),
        ...(await freeDirectPorts()),
        NODE_OPTIONS: `--import ${new URL("../../testing/refuse-packages.mjs", import.meta.url).href}`,
        REFUSED_PACKAGES: BUILD_TIME_PACKAGES.join(","),
      }),
      { loader: false },
    );
    await waitUntilHealthy(`http://127.0.0.1:${port}/healthz`, platform);
    const http = new HttpClient(`http://127.0.0.1:${port}`);
    const email = uniqueEmail("built");
    assert.equal((await http.post("/api/auth/register-email-password", { email, password: PASSWORD, name: "Built" })).status, 201);
    const token = (await http.post("/api/auth/login-email-password", { email, password: PASSWORD })).body.token;
    const me = await http.graphql(`{ me { email roles } }`, {}, token);
    assert.deepEqual(me.body, { data: { me: { email, roles: ["CLIENT"] } } });
    // The API docs' texts from the specification ship with the build (contract/design-operations.json).
    assert.equal((await http.get("/openapi/design.json")).body.paths["/v1/asset-uploads"].post.summary, "Create asset upload job");
    const pages = ["/console", "/pages/console.js", "/pages/console.css", "/docs/design", "/pages/api-docs.js", "/pages/api-docs.css", "/pages/editor.js", "/pages/editor.css", "/pages/signed-in.js"];
    for (const path of pages) {
      const page = await fetch(`http://127.0.0.1:${port}${path}`);
      assert.equal(page.status, 200, path);
      assert.ok((await page.text()).length > 100, `${path} has content`);
    }
  });
});
