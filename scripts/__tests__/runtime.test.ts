// @tier unit
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { promisify } from "node:util";
import { bundledRuntimes, requiredMajor, runtimeProblem } from "../runtime-requirement.mjs";

const ROOT = new URL("../../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, ROOT), "utf8");
const manifest = JSON.parse(read("package.json"));
const lock = JSON.parse(read("package-lock.json"));

interface LockedPackage {
  version: string;
  os?: string | string[];
  cpu?: string | string[];
  optional?: boolean;
  bin?: Record<string, string>;
}
const locked = Object.entries(lock.packages as Record<string, LockedPackage>).filter(([path]) => path !== "");

describe("the runtime installs on Linux, macOS and Windows", () => {
  test("no package tied to an OS or CPU is installed unconditionally: every one is optional in the lockfile", () => {
    const platformBound = locked.filter(([, info]) => info.os || info.cpu);
    assert.ok(platformBound.length > 20, "the lockfile records the packages of every platform");
    const unconditional = platformBound.filter(([, info]) => !info.optional).map(([path]) => path);
    assert.deepEqual(unconditional, []);
  });

  test(`each platform with a Node ${requiredMajor} package gets exactly that one, as the \`node\` of its scripts`, () => {
    for (const platform of bundledRuntimes) {
      const [os, cpu] = platform.split("-");
      const name = `node-${os === "win32" ? "win" : os}-${cpu}`;
      assert.ok(manifest.optionalDependencies[name], `${name} is an optional dependency`);
      const info = lock.packages[`node_modules/${name}`] as LockedPackage;
      assert.deepEqual([[info.os].flat(), [info.cpu].flat(), info.optional], [[os], [cpu], true], name);
      assert.ok(Number(info.version.split(".")[0]) >= requiredMajor, `${name}@${info.version}`);
      assert.match(Object.keys(info.bin ?? {}).join(), /^node$/, `${name} provides \`node\``);
    }
    const nodePackages = Object.keys(manifest.optionalDependencies).filter((name) => name.startsWith("node-"));
    assert.equal(nodePackages.length, bundledRuntimes.length, "one per platform, each known to the install check");
  });

  test(`Node ${requiredMajor} is declared the same way everywhere`, () => {
    assert.equal(manifest.engines.node, `>=${requiredMajor}`);
    assert.equal(read(".nvmrc").trim(), String(requiredMajor));
    assert.equal(read(".node-version").trim(), String(requiredMajor));
    assert.match(manifest.scripts.postinstall, /^node scripts\/check-runtime\.mjs && /, "the check runs before anything else of the install");
  });

  test("an older Node stops the install with what to do, naming why", () => {
    const apple = runtimeProblem({ version: "20.20.2", platform: "darwin", arch: "arm64", execPath: "/usr/local/bin/node" });
    assert.match(apple ?? "", /runs on Node 24 or later.*20\.20\.2/s);
    assert.match(apple ?? "", /no Node 24 package for darwin-arm64/);
    assert.match(apple ?? "", /nvm install.*\.nvmrc/);
    const skipped = runtimeProblem({ version: "22.1.0", platform: "linux", arch: "x64", execPath: "/usr/bin/node" });
    assert.match(skipped ?? "", /--omit=optional/);
    assert.equal(runtimeProblem({ version: "24.0.0", platform: "darwin", arch: "arm64", execPath: "/opt/node" }), undefined);
    assert.equal(runtimeProblem({ version: "26.1.0", platform: "freebsd", arch: "x64", execPath: "/opt/node" }), undefined);
  });

  test("the install check passes on the Node the scripts run on", async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["scripts/check-runtime.mjs"], { cwd: ROOT });
    assert.equal(stdout + stderr, "");
  });
});
