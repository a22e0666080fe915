import { writeFile } from "node:fs/promises";
import path from "node:path";
import { composeSupergraph } from "../../gateway/compose.js";
import authRoutes from "../../rest-adapter/routes/auth.js";
import { MANIFESTS } from "../../subgraphs/manifests.js";
import { createTestDatabase } from "../../testing/database.js";
import { HttpClient } from "../../testing/http.js";
import { registerPeople, type People } from "../../testing/people.js";
import { freePort, platformProcessEnv, startPlatformProcess, SUBGRAPH_PROCESSES, type Child } from "../../testing/processes.js";
import { abRounds, type CaseResult, type Load, type RoundSettings, type Side } from "./ab-rounds.js";
import { processGroup, startListening } from "./processes.js";

const PROJECTS = 20;
const TASKS_PER_PROJECT = 5;
export const PRODUCT_QUERY = `query Projects { projects { id name client { id name email } tasks { id title status assignee { id name email } } } }`;
const PROFILE_OPERATION = authRoutes.routes.find((route) => route.path === "/profile")!.operation;

/** The one-process platform (`npm start`) with its subgraphs on known ports, and a stock Apollo Gateway over those subgraphs. */
interface ProductPlatform {
  platform: { child: Child; url: string };
  stock: { child: Child; url: string };
  subgraphUrls: Record<string, string>;
  people: People;
  stop(): Promise<void>;
}

async function seed(http: HttpClient, people: People): Promise<void> {
  const run = async (query: string, variables: Record<string, unknown>) => {
    const response = await http.graphql(query, variables, people.staff.token);
    if (response.status !== 200 || response.body.errors) throw new Error(`seeding: ${response.text}`);
    return response.body.data;
  };
  for (let p = 0; p < PROJECTS; p++) {
    const { createProject } = await run(`mutation($input: ProjectInput!) { createProject(input: $input) { id } }`, { input: { name: `Bench project ${p + 1}`, clientId: people.client.userId } });
    for (let t = 0; t < TASKS_PER_PROJECT; t++) {
      await run(`mutation($input: TaskInput!) { createTask(input: $input) { id } }`, { input: { projectId: createProject.id, title: `Task ${t + 1}`, assigneeId: people.staff.userId } });
    }
  }
}

async function startProductPlatform(): Promise<ProductPlatform> {
  // A database of its own (on PostgreSQL a second run would find the first one's people), with its own rate-limit keys (counts in Redis outlive a run).
  const database = await createTestDatabase();
  const platform = await processGroup("bench-product-", async (dir, children) => {
    const ports = Object.fromEntries(await Promise.all(SUBGRAPH_PROCESSES.map(async ({ portVariable }) => [portVariable, String(await freePort())])));
    const env = platformProcessEnv(database, {
      JOB_WORKERS: "0",
      LOGIN_MAX_FAILURES: "1000000",
      EMBEDDED_SUBGRAPH_PORTS: "configured",
      ...ports,
      ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }),
    });
    const { child, baseUrl } = await startPlatformProcess(env);
    children.push(child);
    const subgraphUrls = Object.fromEntries(SUBGRAPH_PROCESSES.map(({ name, portVariable }) => [name, `http://127.0.0.1:${env[portVariable]}/graphql`]));
    const supergraphFile = path.join(dir, "supergraph.graphql");
    await writeFile(supergraphFile, await composeSupergraph(MANIFESTS, subgraphUrls));
    const stock = await startListening("scripts/bench/stock-gateway.ts", { SUPERGRAPH_FILE: supergraphFile, FORWARD_AUTHORIZATION: "1" });
    children.push(stock.child);
    const http = new HttpClient(baseUrl);
    const people = await registerPeople(http);
    await seed(http, people);
    return { platform: { child, url: baseUrl }, stock, subgraphUrls, people };
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  return {
    ...platform,
    async stop() {
      await platform.stop();
      await database.drop();
    },
  };
}

const graphqlRequest = (url: string, token: string, query: string): Side["request"] => ({
  url,
  method: "POST",
  headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
  body: JSON.stringify({ query }),
});

async function answer(request: Side["request"]): Promise<string> {
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  const text = await response.text();
  if (response.status !== 200 || text.includes('"errors"')) throw new Error(`${request.url}: ${response.status} ${text.slice(0, 400)}`);
  return text;
}

/**
 * The product's own graph, measured on `npm start` as a process: our gateway against a stock one over
 * the same subgraphs (total CPU of both processes per request), our gateway against the accounts
 * subgraph for a one-fetch query, and the REST adapter against the GraphQL operation it runs.
 */
export async function benchProductPlatform(load: Load, settings: RoundSettings): Promise<CaseResult[]> {
  const product = await startProductPlatform();
  try {
    const { platform, stock, people } = product;
    const processes = [platform.child.process.pid!, stock.child.process.pid!];
    const token = people.staff.token;
    const ours = graphqlRequest(`${platform.url}/graphql`, token, PRODUCT_QUERY);
    const baseline = graphqlRequest(stock.url, token, PRODUCT_QUERY);
    const [oursBody, stockBody] = [await answer(ours), await answer(baseline)];
    const projects = JSON.parse(oursBody).data.projects;
    const results: CaseResult[] = [];
    const graph = await abRounds(
      load,
      "product-graph",
      `The product's graph on the one-process default: ${projects.length} projects × their tasks (client, assignee), our \`npm start\` vs a stock Apollo Gateway process over its subgraphs`,
      [
        { name: "ours (npm start)", request: ours, pids: processes },
        { name: "stock @apollo/gateway + npm start's subgraphs", request: baseline, pids: processes },
      ],
      settings,
      "CPU ms/req (all processes) ours/stock ≤ 0.35, req/s ratio ≥ 2",
    );
    graph.notes = [`answer ${oursBody.length} bytes; ${oursBody === stockBody ? "identical from both gateways" : "DIFFERS between the gateways"}`];
    results.push(graph);

    const accounts = `${product.subgraphUrls.accounts}`;
    const profile = (url: string) => graphqlRequest(url, token, PROFILE_OPERATION);
    results.push(
      await abRounds(
        load,
        "one-fetch",
        "One-fetch overhead: the profile query through our gateway vs straight to the accounts subgraph (same process)",
        [
          { name: "gateway /graphql", request: profile(`${platform.url}/graphql`), pids: processes },
          { name: "accounts subgraph /graphql", request: profile(accounts), pids: processes },
        ],
        settings,
        "p99 gateway/subgraph ≤ 1.2",
      ),
    );
    results.push(
      await abRounds(
        load,
        "rest-adapter",
        "REST adapter: GET /api/auth/profile vs the GraphQL operation it runs, through the gateway",
        [
          { name: "REST GET /api/auth/profile", request: { url: `${platform.url}/api/auth/profile`, method: "GET", headers: { authorization: `Bearer ${token}` } }, pids: processes },
          { name: "GraphQL Profile via gateway", request: profile(`${platform.url}/graphql`), pids: processes },
        ],
        settings,
        "p99 REST/GraphQL ≤ 1.05",
      ),
    );
    return results;
  } finally {
    await product.stop();
  }
}
