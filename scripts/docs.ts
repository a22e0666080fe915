import { readFileSync, writeFileSync } from "node:fs";
import { readCommandLine } from "../lib/process/command-line.js";
import { DOMAINS } from "../subgraphs/registry.js";
import { CONFIGURATION_FILE, configurationText } from "./docs/configuration.js";

/**
 * `npm run docs`: writes docs/configuration.md from code (scripts/docs/configuration.ts). `--check`
 * writes nothing and exits 1 when the committed file is not what it would write.
 */
const { values } = readCommandLine(
  `Usage: npm run docs [-- --check]

Writes docs/configuration.md from code: every setting the product reads (what it means comes from
scripts/docs/settings-reference.ts), each domain's subgraph port (from the domain definitions) and each
REST service's direct port (from the route tables). Stops with a list when the code reads a variable the
reference does not describe, or the reference shows a default the code does not use.
--check: write nothing; exit 1 when docs/configuration.md is out of date.`,
  { options: { check: { type: "boolean" } } },
);

let text: string;
try {
  text = configurationText(DOMAINS);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (values.check) {
  const current = readFileSync(CONFIGURATION_FILE, "utf8");
  if (current !== text) {
    console.error("docs/configuration.md is out of date: run `npm run docs`");
    process.exit(1);
  }
  console.log("docs/configuration.md is up to date");
} else {
  writeFileSync(CONFIGURATION_FILE, text);
  console.log("wrote docs/configuration.md");
}
