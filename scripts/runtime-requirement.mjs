/** The Node major the platform runs on (package.json `engines`, `.nvmrc`). */
export const requiredMajor = 24;

/** Platforms npm installs a Node package for (package.json `optionalDependencies`, one per platform). */
export const bundledRuntimes = ["darwin-x64", "linux-arm64", "linux-x64", "win32-x64"];

/**
 * What is wrong with the Node that runs the project's scripts, or undefined when it will do. On a platform
 * with a bundled runtime npm installed it and it comes first on every script's PATH; elsewhere (macOS on
 * Apple silicon, for one: no such package exists) the system's Node must be recent enough.
 */
export function runtimeProblem({ version, platform, arch, execPath }) {
  const major = Number(version.split(".")[0]);
  if (major >= requiredMajor) return undefined;
  const key = `${platform}-${arch}`;
  const why = bundledRuntimes.includes(key)
    ? `npm should have installed Node ${requiredMajor} for ${key} (node_modules/.bin/node), but scripts run ${execPath}: was the install run with --omit=optional or --no-optional?`
    : `there is no Node ${requiredMajor} package for ${key}, so the system's Node runs the project`;
  return [
    `This project runs on Node ${requiredMajor} or later; the Node its scripts would use is ${version} (${execPath}).`,
    `Why: ${why}.`,
    `Fix: install Node ${requiredMajor} (for example \`nvm install\`, which reads .nvmrc) and run npm install again.`,
  ].join("\n");
}
