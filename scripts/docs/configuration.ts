import { loadConfig, Settings } from "../../lib/config.js";
import { variablePrefix } from "../../lib/modules/domain-manifest.js";
import type { DomainModule } from "../../lib/modules/domain-module.js";
import { fileServiceUrl, subgraphEndpoints } from "../../lib/modules/topology.js";
import { REST_SERVICES } from "../../rest-adapter/services.js";
import type { RestService } from "../../rest-adapter/route-table.js";
import { SETTINGS, type SettingDoc } from "./settings-reference.js";

/**
 * docs/configuration.md, written from code: which variables exist and who reads them come from the
 * settings readers themselves (lib/config.ts, each domain's settings, lib/modules/topology.ts), what they
 * mean from scripts/docs/settings-reference.ts (the platform's) and each domain's manifest (`settingDocs`), the subgraph ports from the domain definitions and the
 * direct REST ports from the route tables.
 */
export const CONFIGURATION_FILE = new URL("../../docs/configuration.md", import.meta.url);

/** A settings reader that also keeps the fallback each variable was read with (the code's default). */
export class RecordingSettings extends Settings {
  /** Every fallback a variable was read with, as text (`100mb`, `30000`, `false`). */
  readonly fallbacks = new Map<string, Set<string>>();

  constructor() {
    super({});
  }

  private keep(name: string, fallback: unknown): void {
    this.fallbacks.set(name, (this.fallbacks.get(name) ?? new Set()).add(String(fallback)));
  }

  override string(name: string, fallback: string, aliases?: readonly string[]): string {
    this.keep(name, fallback);
    return super.string(name, fallback, aliases);
  }

  override port(name: string, fallback: number, aliases?: readonly string[]): number {
    this.keep(name, fallback);
    return super.port(name, fallback, aliases);
  }

  override positiveInt(name: string, fallback: number): number {
    this.keep(name, fallback);
    return super.positiveInt(name, fallback);
  }

  override count(name: string, fallback: number): number {
    this.keep(name, fallback);
    return super.count(name, fallback);
  }

  override boolean(name: string, fallback = false): boolean {
    this.keep(name, fallback);
    return super.boolean(name, fallback);
  }

  override choice<T extends string>(name: string, choices: readonly T[], fallback: T): T {
    this.keep(name, fallback);
    return super.choice(name, choices, fallback);
  }

  override byteSize(name: string, fallback: string): number {
    this.keep(name, fallback);
    return super.byteSize(name, fallback);
  }
}

/** Who reads a set of variables: the platform, one domain, or the split-process topology. */
export interface Reader {
  title: string;
  /** Where the reading happens, for the reader of the docs. */
  source: string;
  /** The variables it reads, in the order it reads them. */
  names: string[];
}

/** Every reader of the environment, each with the variables it reads (an empty environment: every default). */
export function readers(domains: readonly DomainModule[]): { readers: Reader[]; settings: RecordingSettings } {
  const all = new RecordingSettings();
  const read = (title: string, source: string, run: (settings: Settings) => void): Reader => {
    const own = new RecordingSettings();
    run(own);
    // The same reads against the shared recorder, so it sees every fallback of every reader.
    run(all);
    return { title, source, names: [...own.names] };
  };
  const list: Reader[] = [read("Platform", "lib/config.ts", (settings) => void loadConfig(settings))];
  for (const domain of domains) list.push(read(domain.name, `subgraphs/${domain.name}/settings.ts`, (settings) => void domain.settings?.(settings)));
  list.push(
    read("Subgraph ports", "lib/modules/topology.ts", (settings) => {
      subgraphEndpoints(settings, domains);
      fileServiceUrl(settings, domains);
    }),
  );
  list.push(read("Direct REST ports", "rest-adapter/routes/", (settings) => directPorts().forEach(({ variable, port }) => settings.port(variable, port))));
  return { readers: list, settings: all };
}

function directPorts(services: readonly RestService[] = REST_SERVICES): { variable: string; port: number; service: RestService }[] {
  return services.flatMap((service) => (service.directPort ? [{ ...service.directPort, service }] : []));
}

/** The variables a domain's subgraph port and URL go by, older names included. */
function subgraphVariables(domain: DomainModule): string[] {
  const prefix = variablePrefix(domain.name);
  return [`${prefix}_SUBGRAPH_PORT`, `${prefix}_SUBGRAPH_URL`, ...(domain.aliases?.port ?? []), ...(domain.aliases?.url ?? [])];
}

/** Variables whose rows are written from code rather than from settings-reference.ts. */
export function generatedVariables(domains: readonly DomainModule[]): Set<string> {
  return new Set([...domains.flatMap(subgraphVariables), ...directPorts().map(({ variable }) => variable)]);
}

/** Every row described: the platform's (scripts/docs/settings-reference.ts) and each domain's (its manifest's `settingDocs`). */
function describedRows(domains: readonly DomainModule[], reference: readonly SettingDoc[]): { row: SettingDoc; where: string; domain?: string }[] {
  return [
    ...reference.map((row) => ({ row, where: PLATFORM_REFERENCE })),
    ...domains.flatMap((domain) => (domain.settingDocs ?? []).map((row) => ({ row, where: manifestOf(domain.name), domain: domain.name }))),
  ];
}

const PLATFORM_REFERENCE = "scripts/docs/settings-reference.ts";
const manifestOf = (domain: string) => `subgraphs/${domain}/manifest.ts (settingDocs)`;

/** What is wrong between the settings descriptions and the code: empty when they agree. */
export function referenceProblems(domains: readonly DomainModule[], reference: readonly SettingDoc[] = SETTINGS): string[] {
  const { readers: list, settings } = readers(domains);
  const isDomain = (reader: Reader) => domains.some((domain) => domain.name === reader.title);
  const platformReads = new Set(list.filter((reader) => !isDomain(reader)).flatMap((reader) => reader.names));
  /** Where a variable should be described: the platform's reference, or the manifest of the first domain reading it. */
  const home = new Map<string, string>();
  for (const reader of list) for (const name of reader.names) if (!home.has(name)) home.set(name, platformReads.has(name) ? PLATFORM_REFERENCE : manifestOf(reader.title));
  const generated = generatedVariables(domains);
  const described = describedRows(domains, reference);
  const declared = described.flatMap(({ row, where }) => row.names.map((name) => ({ name, where })));
  const problems: string[] = [];
  for (const [name, where] of home) {
    if (!generated.has(name) && !declared.some((entry) => entry.name === name)) problems.push(`${name} is read but not described in ${where}`);
  }
  for (const { name, where } of declared) {
    const expected = home.get(name);
    if (!expected) problems.push(`${name} is described in ${where} but nothing reads it`);
    else if (expected !== where && !(where === PLATFORM_REFERENCE && platformReads.has(name))) problems.push(`${name} is described in ${where}: describe it in ${expected}, beside the code that reads it`);
    if (generated.has(name)) problems.push(`${name} is written from code: remove it from ${where}`);
    if (declared.filter((entry) => entry.name === name).length > 1) problems.push(`${name} is described twice`);
  }
  for (const { row } of described) {
    const shown = defaultsShown(row);
    if (!shown) continue;
    row.names.forEach((name, i) => {
      const code = [...(settings.fallbacks.get(name) ?? [])];
      if (shown[i] === undefined) {
        if (code.length > 0) problems.push(`${name}: the reference shows no default, the code falls back to ${code.join(" or ")}`);
      } else if (code.length > 0 && code.some((value) => value !== shown[i])) {
        problems.push(`${name}: the reference shows the default ${shown[i]}, the code falls back to ${code.join(" or ")}`);
      }
    });
  }
  return [...new Set(problems)];
}

/**
 * The defaults a row shows, one per name, when they can be checked: `—` (none) or plain values in
 * backticks (no `$VARIABLE`, no other variable's name). Null when the row says more than values.
 */
function defaultsShown(row: SettingDoc): (string | undefined)[] | null {
  if (row.default === "—") return row.names.map(() => undefined);
  const parts = row.default.split(/, | \/ /);
  if (parts.length !== row.names.length) return null;
  const values = parts.map((part) => /^`([^`$]*)`$/.exec(part)?.[1]);
  if (values.some((value) => value === undefined || /^[A-Z][A-Z0-9_]+$/.test(value))) return null;
  return values;
}

const cell = (text: string) => text.replace(/\|/g, "\\|");
const names = (list: readonly string[]) => list.map((name) => `\`${name}\``).join(", ");

function settingsTable(rows: readonly SettingDoc[]): string[] {
  return ["| variable | default | meaning |", "|---|---|---|", ...rows.map((row) => `| ${names(row.names)} | ${cell(row.default)} | ${cell(row.meaning)} |`)];
}

/** The whole of docs/configuration.md. */
export function configurationText(domains: readonly DomainModule[]): string {
  const problems = referenceProblems(domains);
  if (problems.length > 0) throw new Error(`the settings reference and the code disagree:\n- ${problems.join("\n- ")}`);
  const { readers: list } = readers(domains);
  const placed = new Set<string>();
  const rowOf = new Map(describedRows(domains, SETTINGS).flatMap(({ row }) => row.names.map((name) => [name, row] as const)));
  /** The rows of a reader's variables not shown earlier, in the order it reads them; the rest it shares with earlier readers. */
  const take = (reader: Reader) => {
    const rows: SettingDoc[] = [];
    const shared: string[] = [];
    for (const name of reader.names) {
      const row = rowOf.get(name);
      if (!row) continue;
      if (placed.has(name)) {
        if (!rows.includes(row)) shared.push(name);
        continue;
      }
      rows.push(row);
      row.names.forEach((other) => placed.add(other));
    }
    return { rows, shared };
  };
  const section = (reader: Reader, level: string) => {
    const body = sectionBody(take(reader));
    return [`${level} ${reader.title}`, "", body.length > 0 ? `Read in \`${reader.source}\`.` : "No settings of its own.", "", ...body];
  };
  const [platform, ...rest] = list;
  const domainReaders = rest.filter((reader) => domains.some((domain) => domain.name === reader.title));
  const topology = rest.find((reader) => reader.title === "Subgraph ports")!;
  const lines = [
    "# Configuration",
    "",
    "<!-- Written by `npm run docs` (scripts/docs.ts): edit scripts/docs/settings-reference.ts, the domains' manifests (settingDocs) or the route tables, not this file. -->",
    "",
    "Every setting is an environment variable. None is required for `npm start`: each has a default or is",
    "optional. A value the product cannot use stops the start with a message naming the variable.",
    "",
    "Sizes take `1048576`, `512kb` or `1mb`. Booleans take `true`, `false`, `1` or `0`.",
    "",
    ...section(platform, "##"),
    "## Domains",
    "",
    "Each domain reads its own settings. Its README says what they change.",
    "",
    ...domainReaders.flatMap((reader) => section(reader, "###")),
    "## Subgraph ports",
    "",
    "Each domain's subgraph listens on its own port when it runs as its own process",
    "(`npm run start:subgraph -- <name>`), and gateways find it at its URL. The variables are",
    "`<NAME>_SUBGRAPH_PORT` and `<NAME>_SUBGRAPH_URL`, `<NAME>` being the domain's name in capitals.",
    "The defaults come from each domain's definition.",
    "",
    "| variables | default | domain |",
    "|---|---|---|",
    ...domains.map((domain) => {
      const [port, url, ...older] = subgraphVariables(domain);
      const olderNames = older.length > 0 ? ` (older names, still accepted: ${names(older)})` : "";
      const extra = [
        domain.servesFiles ? "; it also answers the signed file URLs the gateway forwards" : "",
        domain.start ? "; that process also runs what the domain starts beside its subgraph (\`start\` in its definition)" : "",
      ].join("");
      return `| \`${port}\` / \`${url}\`${olderNames} | \`${domain.port}\` / \`http://127.0.0.1:${domain.port}/graphql\` | [${domain.name}](../subgraphs/${domain.name}/README.md)${extra} |`;
    }),
    "",
    ...sectionBody(take(topology)),
    "## Direct REST ports",
    "",
    "The business platform's services also answer their REST paths without the `/api/<service>` prefix, each",
    "on a port of its own. The defaults come from the route tables (`rest-adapter/routes/`).",
    "",
    "| variable | default | paths |",
    "|---|---|---|",
    ...directPorts().map(({ variable, port, service }) => `| \`${variable}\` | \`${port}\` | \`${service.prefix}/…\` without the prefix |`),
  ];
  return `${lines.join("\n")}\n`;
}

function sectionBody({ rows, shared }: { rows: SettingDoc[]; shared: string[] }): string[] {
  const out: string[] = [];
  if (rows.length > 0) out.push(...settingsTable(rows), "");
  if (shared.length > 0) out.push(`Also reads ${names(shared)}, described above.`, "");
  return out;
}
