// Runs first in `npm install` (postinstall), on whatever Node runs it: plain JavaScript, no imports of
// the project. The `node` that npm scripts use is the one first on their PATH: node_modules/.bin/node when
// npm installed this platform's Node package (optionalDependencies), else the system's.
import { requiredMajor, runtimeProblem } from "./runtime-requirement.mjs";

if (process.argv.includes("--help")) {
  console.log(`Usage: node scripts/check-runtime.mjs

Runs first in npm install: fails, saying what to do, when the Node that npm scripts use is older than ${requiredMajor}.`);
  process.exit(0);
}

const problem = runtimeProblem({ version: process.versions.node, platform: process.platform, arch: process.arch, execPath: process.execPath });
if (problem) {
  console.error(problem);
  process.exit(1);
}
