// @tier process
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

const FOLLOW = fileURLToPath(new URL("../follow-parent.ts", import.meta.url));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test("a process started with the follow-parent preload stops itself when its parent is killed outright", async () => {
  // The parent: starts the child in a process group of its own over an IPC channel, as start:cluster does, says its pid, then waits.
  const parentSource = `
    const { spawn } = require("node:child_process");
    const child = spawn(process.execPath, ["--import", ${JSON.stringify(FOLLOW)}, "-e", "process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000)"], { stdio: ["ignore", "ignore", "ignore", "ipc"], detached: true });
    console.log(child.pid);
    setInterval(() => {}, 1000);`;
  const parent = spawn(process.execPath, ["-e", parentSource], { stdio: ["ignore", "pipe", "inherit"] });
  const childPid = await new Promise<number>((resolve) => parent.stdout!.once("data", (chunk) => resolve(Number(String(chunk).trim()))));
  assert.ok(alive(childPid));
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.ok(alive(childPid), "the open channel alone does not stop the child");
  parent.kill("SIGKILL");
  const deadline = Date.now() + 10_000;
  while (alive(childPid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(alive(childPid), false, "the child outlived its killed parent");
});
