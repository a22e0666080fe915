import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { readCommandLine } from "../lib/process/command-line.js";
import { DOMAINS } from "../subgraphs/registry.js";
import { CONFIGURATION_FILE, configurationText } from "./docs/configuration.js";
import { readmeFile, readmeText } from "./docs/domain-readmes.js";
import { specOperationsText } from "./docs/spec-operations.js";
import { SPEC_OPERATIONS_FILE } from "../rest-adapter/openapi/spec-operations.js";

/**
 * `npm run docs`: writes the docs that follow from code (scripts/docs/): docs/configuration.md, the
 * "GraphQL operations" part of every domain's README, and the specification's operation texts the API docs show. `--check` writes nothing and exits 1 when a
 * committed file is not what it would write.
 */
const { values } = readCommandLine(
  `Usage: npm run docs [-- --check]

Writes the docs that follow from code:
  docs/configuration.md      every setting the product reads (what it means comes from
                             scripts/docs/settings-reference.ts), each domain's subgraph port (from the
                             domain definitions) and each REST service's direct port (from the route tables)
  subgraphs/<name>/README.md its "GraphQL operations" part, from the domain's schema
  rest-adapter/openapi/contract/design-operations.json
                             each operation's summary and description in the design platform's
                             specification (contract/design-platform.yml), for the API docs
Stops with a list when the code reads a variable the reference does not describe, or the reference shows
a default the code does not use.
--check: write nothing; exit 1 when a file is out of date.`,
  { options: { check: { type: "boolean" } } },
);

const ROOT = fileURLToPath(new URL("..", import.meta.url));
let files: { file: URL; text: string }[];
try {
  files = [
    { file: CONFIGURATION_FILE, text: configurationText(DOMAINS) },
    { file: SPEC_OPERATIONS_FILE, text: specOperationsText() },
    ...DOMAINS.map((domain) => ({ file: readmeFile(domain), text: readmeText(readFileSync(readmeFile(domain), "utf8"), domain) })),
  ];
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const stale = files.filter(({ file, text }) => !existsSync(file) || readFileSync(file, "utf8") !== text);
const name = (file: URL) => path.relative(ROOT, fileURLToPath(file));
if (values.check) {
  for (const { file } of stale) console.error(`${name(file)} is out of date: run \`npm run docs\``);
  if (stale.length > 0) process.exit(1);
  console.log(`${files.length} files up to date`);
} else {
  for (const { file, text } of stale) writeFileSync(file, text);
  console.log(stale.length > 0 ? `wrote ${stale.map(({ file }) => name(file)).join(", ")}` : `${files.length} files already up to date`);
}
