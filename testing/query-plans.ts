import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { Supergraph, operationFromDocument } from "@apollo/federation-internals";
import { QueryPlanner, prettyFormatQueryPlan } from "@apollo/query-planner";
import { parse } from "graphql";
import { composeSupergraph } from "../gateway/compose.js";
import type { DomainManifest } from "../lib/modules/domain-manifest.js";
import { MANIFESTS } from "../subgraphs/manifests.js";

/** The domains' supergraph, each subgraph at `http://<name>.test/graphql`. */
export function composeForTests(domains: readonly DomainManifest[] = MANIFESTS): Promise<string> {
  return composeSupergraph(domains, Object.fromEntries(domains.map(({ name }) => [name, `http://${name}.test/graphql`])));
}

let planner: Promise<{ supergraph: Supergraph; planner: QueryPlanner }> | undefined;

/** The gateway's query plan for `query`, as Apollo prints it. */
export async function queryPlanFor(query: string): Promise<string> {
  planner ??= composeForTests().then((sdl) => {
    const supergraph = Supergraph.build(sdl);
    return { supergraph, planner: new QueryPlanner(supergraph) };
  });
  const { supergraph, planner: built } = await planner;
  return prettyFormatQueryPlan(built.buildQueryPlan(operationFromDocument(supergraph.schema, parse(query))));
}

/**
 * Compares with the committed snapshot file; `UPDATE_SNAPSHOTS=1` writes it instead. A missing
 * snapshot fails, so a plan is never accepted without being reviewed and committed.
 */
export async function matchSnapshot(file: string, actual: string): Promise<{ expected: string; actual: string }> {
  if (process.env.UPDATE_SNAPSHOTS === "1") {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, actual + "\n");
  }
  const expected = (await readFile(file, "utf8").catch(() => "(no snapshot committed)\n")).trimEnd();
  return { expected, actual };
}
