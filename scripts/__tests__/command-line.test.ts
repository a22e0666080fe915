// @tier process
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import { TYPESCRIPT_LOADER } from "../../lib/process/typescript-loader.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

interface Tool {
  script: string;
  /** The TypeScript file the script runs and the arguments the script itself gives it. */
  file: string;
  args: string[];
}

/**
 * The project's own tools, by the npm scripts that run them (`node --import … <file>.ts [args]`, alone or last after
 * `&&`): each file once, by the script that gives it the fewest arguments.
 */
async function tools(): Promise<Tool[]> {
  const { scripts } = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const byFile = new Map<string, Tool>();
  for (const [script, command] of Object.entries(scripts)) {
    const match = /(?:^|&& )node (?:--import \S+ )*(\S+\.ts)((?: [^&|;]+)?)$/.exec(command);
    if (!match) continue;
    const tool = { script, file: match[1], args: match[2].trim().split(" ").filter(Boolean) };
    const known = byFile.get(tool.file);
    if (!known || tool.args.length < known.args.length) byFile.set(tool.file, tool);
  }
  return [...byFile.values()];
}

let dataDir: string;
before(async () => (dataDir = await mkdtemp(path.join(os.tmpdir(), "command-line-"))));
after(() => rm(dataDir, { recursive: true, force: true }));

/** Runs a tool as its npm script would, with `extra` arguments, over an empty DATA_DIR and no database or Redis. */
async function run(tool: Tool, extra: string[]) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE };
  return promisify(execFile)(process.execPath, [...TYPESCRIPT_LOADER, tool.file, ...tool.args, ...extra], { cwd: ROOT, env, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error) => ({ code: error.code as number, stdout: String(error.stdout), stderr: String(error.stderr) }),
  );
}

describe("the command-line tools", () => {
  test("every one answers --help with how to call it and what it does, and does nothing else", async () => {
    const found = await tools();
    assert.ok(found.length >= 13, `tools found: ${found.map((tool) => tool.script).join(", ")}`);
    // Two at a time: each loads its modules before it reads its arguments.
    const queue = [...found];
    await Promise.all(
      [0, 1].map(async () => {
        for (let tool = queue.shift(); tool; tool = queue.shift()) {
          const { code, stdout, stderr } = await run(tool, ["--help"]);
          assert.equal(code, 0, `npm run ${tool.script} -- --help: exit ${code}\n${stdout}${stderr}`);
          assert.match(stdout, /^Usage: npm /, `npm run ${tool.script} -- --help printed:\n${stdout}`);
          const invocation = ["start", "test"].includes(tool.script) ? `npm ${tool.script}` : `npm run ${tool.script}`;
          assert.ok(stdout.includes(invocation), `the usage of ${tool.script} names it:\n${stdout}`);
          assert.deepEqual(await readdir(dataDir), [], `npm run ${tool.script} -- --help wrote to DATA_DIR`);
        }
      }),
    );
  });

  test("an option a tool does not know, or a domain there is not, is a clear error (exit 2) that changes nothing", async () => {
    const byScript = new Map((await tools()).map((tool) => [tool.script, tool]));
    for (const script of ["start", "oauth:client", "keys:rotate"]) {
      const { code, stderr } = await run(byScript.get(script)!, ["--no-such-option"]);
      assert.equal(code, 2, `${script}: ${stderr}`);
      assert.match(stderr, /Unknown option '--no-such-option'/);
      assert.match(stderr, /Usage: npm /);
    }
    const unknownDomain = await run(byScript.get("start:subgraph")!, ["nowhere"]);
    assert.equal(unknownDomain.code, 2);
    assert.match(unknownDomain.stderr, /no domain is named "nowhere"[\s\S]*Usage: npm run start:subgraph -- <accounts \| /);
    assert.deepEqual(await readdir(dataDir), [], "nothing was written to DATA_DIR");
  });
});
