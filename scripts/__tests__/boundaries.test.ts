// @tier unit
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

/** The import rules of `.dependency-cruiser.cjs` (what `npm run lint:deps` checks), run over the source folders. */
const ROOT = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["lib", "subgraphs", "gateway", "rest-adapter", "workers", "platform", "pages", "scripts", "testing", "examples"];

/** `rule: from → to` for every violation found under `folders` of `baseDir`. */
async function violations(baseDir: string, folders: string[]): Promise<string[]> {
  const options = await extractDepcruiseOptions(path.join(ROOT, ".dependency-cruiser.cjs"));
  const tsConfig = extractTSConfig(path.join(baseDir, "tsconfig.json"));
  const { output } = await cruise(folders, { ...options, baseDir }, {}, { tsConfig });
  const result = output as ICruiseResult;
  assert.ok(result.summary.totalCruised > 0, "the checker found modules to check");
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe("import boundaries", () => {
  test("the source folders break none of the rules", async () => {
    const found = await violations(ROOT, FOLDERS);
    assert.deepEqual(found, [], `import rule violations (see .dependency-cruiser.cjs):\n  ${found.join("\n  ")}`);
  });

  describe("the rules themselves, on a small tree", () => {
    let dir: string;
    after(() => rm(dir, { recursive: true, force: true }));

    test("catch lib reaching up, one domain reaching into another (but for its public.ts) or into the registry, and the REST adapter importing the gateway, a part importing the composition root, pages reaching above lib, browser code importing server code and an example importing the platform's code; not their tests", async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), "boundaries-"));
      const files: Record<string, string> = {
        "tsconfig.json": JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true } }),
        "lib/config.ts": `import { gateway } from "../gateway/server.js";\nexport const config = gateway;\n`,
        "lib/__tests__/config.test.ts": `import { gateway } from "../../gateway/server.js";\nimport { config } from "../config.js";\nexport const both = [gateway, config];\n`,
        "gateway/server.ts": `import { domains } from "../subgraphs/registry.js";\nexport const gateway = domains;\n`,
        "rest-adapter/__tests__/router.test.ts": `import { gateway } from "../../gateway/server.js";\nexport const composed = gateway;\n`,
        "rest-adapter/router.ts": `import { gateway } from "../gateway/server.js";\nimport { config } from "../lib/config.js";\nexport const router = [gateway, config];\n`,
        "subgraphs/registry.ts": `import { alpha } from "./alpha/index.js";\nimport { beta } from "./beta/index.js";\nexport const domains = [alpha, beta];\n`,
        "subgraphs/alpha/index.ts": `import { rule } from "../beta/domain/rule.js";\nimport { config } from "../../lib/config.js";\nimport type { Shape } from "./types.js";\nexport const alpha: Shape = { rule, config };\n`,
        "subgraphs/alpha/types.ts": `import type { Rule } from "../beta/domain/rule.js";\nexport interface Shape { rule: Rule; config: unknown }\n`,
        "subgraphs/beta/index.ts": `import { rule } from "./domain/rule.js";\nimport { domains } from "../registry.js";\nexport const beta = [rule, domains];\n`,
        "subgraphs/beta/domain/rule.ts": `export type Rule = string;\nexport const rule: Rule = "beta";\n`,
        "subgraphs/beta/public.ts": `export { rule } from "./domain/rule.js";\n`,
        "subgraphs/alpha/uses-public.ts": `import { rule } from "../beta/public.js";\nexport const published = rule;\n`,
        "platform/embedded.ts": `import { gateway } from "../gateway/server.js";\nexport const platform = gateway;\n`,
        "gateway/index.ts": `import { platform } from "../platform/embedded.js";\nexport const booted = platform;\n`,
        "scripts/start.ts": `import { platform } from "../platform/embedded.js";\nexport const started = platform;\n`,
        "pages/console.ts": `import { gateway } from "../gateway/server.js";\nimport { config } from "../lib/config.js";\nexport const page = [gateway, config];\n`,
        "pages/browser/console.ts": `import { config } from "../../lib/config.js";\nimport { part } from "./part.js";\nexport const script = [config, part];\n`,
        "pages/browser/part.ts": `export const part = 1;\n`,
        "examples/app/server.ts": `import { readFileSync } from "node:fs";\nimport { config } from "../../lib/config.js";\nimport { part } from "./part.js";\nexport const app = [readFileSync, config, part];\n`,
        "examples/app/part.ts": `export const part = 1;\n`,
        "examples/app/__tests__/app.test.ts": `import { config } from "../../../lib/config.js";\nimport { app } from "../server.js";\nexport const tested = [config, app];\n`,
        "scripts/tool.ts": `import { app } from "../examples/app/server.js";\nexport const tool = app;\n`,
      };
      for (const [file, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), text);
      }
      assert.deepEqual(await violations(dir, ["lib", "subgraphs", "gateway", "rest-adapter", "platform", "pages", "scripts", "examples"]), [
        "browser-pages-import-packages-only: pages/browser/console.ts → lib/config.ts",
        "examples-stand-alone: examples/app/server.ts → lib/config.ts",
        "lib-imports-nothing-above-it: lib/config.ts → gateway/server.ts",
        "no-cross-domain-imports: subgraphs/alpha/index.ts → subgraphs/beta/domain/rule.ts",
        "no-cross-domain-imports: subgraphs/alpha/types.ts → subgraphs/beta/domain/rule.ts",
        "no-cross-domain-imports: subgraphs/beta/index.ts → subgraphs/registry.ts",
        "pages-stand-on-lib: pages/console.ts → gateway/server.ts",
        "platform-is-the-composition-root: gateway/index.ts → platform/embedded.ts",
        "rest-adapter-not-gateway: rest-adapter/router.ts → gateway/server.ts",
      ]);
    });
  });
});
