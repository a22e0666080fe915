import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { demoRedirectUris } from "../../examples/integration/settings.js";
import type { OperatorSession } from "../platform-client.js";
import type { DemoHttp } from "./demo-http.js";
import * as demo from "./demo-data.js";

export interface DemoUser {
  userId: number;
  email: string;
  token: string;
}

/** What a run has found or made so far, for the steps after it. */
export interface SeedState {
  http: DemoHttp;
  operator: OperatorSession;
  users: Partial<Record<demo.DemoRole, DemoUser>>;
  projectId?: string;
  integration?: { clientId: string; clientSecret: string; redirectUri: string };
  designToken?: string;
  assetId?: string;
  designId?: string;
}

/** One piece of demo data: made when missing (`true`), left alone when there (`false`). */
export interface SeedStep {
  name: string;
  run(state: SeedState): Promise<boolean>;
}

/** What the graph cannot be asked again: the integration's secret (shown once) and the asset's id. */
interface Ledger {
  integration?: { clientId: string; clientSecret: string; redirectUri: string };
  assetId?: string;
}
const ledgerFile = (state: SeedState) => path.join(state.operator.dataDir, "demo-seed.json");
async function readLedger(state: SeedState): Promise<Ledger> {
  return JSON.parse(await readFile(ledgerFile(state), "utf8").catch(() => "{}")) as Ledger;
}
async function remember(state: SeedState, change: Ledger): Promise<void> {
  await writeFile(ledgerFile(state), JSON.stringify({ ...(await readLedger(state)), ...change }, null, 2), { mode: 0o600 });
}

const user = (state: SeedState, role: demo.DemoRole): DemoUser => state.users[role]!;

async function login(http: DemoHttp, email: string): Promise<string | undefined> {
  const answer = await http.send("POST", "/api/auth/login-email-password", { json: { email, password: demo.DEMO_PASSWORD } });
  return answer.status === 200 ? answer.body.token : undefined;
}

function userStep({ role, email, name }: (typeof demo.DEMO_USERS)[number]): SeedStep {
  return {
    name: `user ${role}`,
    async run(state) {
      const { http, operator } = state;
      let token = await login(http, email);
      const added = token === undefined;
      if (added) {
        await http.expect([201], "POST", "/api/auth/register-email-password", { json: { email, password: demo.DEMO_PASSWORD, name } });
        token = await login(http, email);
      }
      const profile = await http.expect([200], "GET", "/api/auth/profile", { token });
      if (!profile.roles.includes(role)) {
        await operator.graphql(`mutation($id: Int!, $role: Role!) { promoteRole(userId: $id, role: $role) { message } }`, { id: profile.id, role });
        token = await login(http, email);
      }
      state.users[role] = { userId: profile.id, email, token: token! };
      return added;
    },
  };
}

const projectStep: SeedStep = {
  name: "project",
  async run(state) {
    const staff = user(state, "STAFF");
    const projects: { id: string; name: string }[] = await state.http.expect([200], "GET", "/api/work/projects", { token: staff.token });
    const found = projects.find((project) => project.name === demo.DEMO_PROJECT.name);
    state.projectId = found?.id;
    if (found) return false;
    const json = { ...demo.DEMO_PROJECT, status: "IN_PROGRESS", clientId: user(state, "CLIENT").userId };
    state.projectId = (await state.http.expect([201], "POST", "/api/work/projects", { token: staff.token, json })).id;
    return true;
  },
};

const taskStep = (task: (typeof demo.DEMO_TASKS)[number]): SeedStep => ({
  name: `task "${task.title}"`,
  async run(state) {
    const staff = user(state, "STAFF");
    const tasks: { title: string }[] = await state.http.expect([200], "GET", `/api/work/tasks?project_id=${state.projectId}`, { token: staff.token });
    if (tasks.some((existing) => existing.title === task.title)) return false;
    await state.http.expect([201], "POST", "/api/work/tasks", { token: staff.token, json: { ...task, projectId: state.projectId, assigneeId: staff.userId } });
    return true;
  },
});

const workOrderStep: SeedStep = {
  name: "work order",
  async run(state) {
    const staff = user(state, "STAFF");
    const orders: { orderNumber: string }[] = await state.http.expect([200], "GET", `/api/work/workorders?project_id=${state.projectId}`, { token: staff.token });
    if (orders.some((order) => order.orderNumber === demo.DEMO_WORK_ORDER.orderNumber)) return false;
    await state.http.expect([201], "POST", "/api/work/workorders", { token: staff.token, json: { ...demo.DEMO_WORK_ORDER, projectId: state.projectId } });
    return true;
  },
};

const invoiceStep: SeedStep = {
  name: "invoice",
  async run(state) {
    const staff = user(state, "STAFF");
    const client = user(state, "CLIENT");
    const invoices: { invoiceNumber: string }[] = await state.http.expect([200], "GET", `/api/payment/invoices?client_id=${client.userId}`, { token: staff.token });
    if (invoices.some((invoice) => invoice.invoiceNumber === demo.DEMO_INVOICE.invoiceNumber)) return false;
    await state.http.expect([201], "POST", "/api/payment/invoices", { token: staff.token, json: { ...demo.DEMO_INVOICE, clientId: client.userId, projectId: state.projectId } });
    return true;
  },
};

/**
 * The demo client, registered for the example integration's callback and the token command's loopback. One
 * kept from an earlier run is used again while it is registered for both and for every demo scope (the graph
 * has no way to change a client: one of an older seed, or of other ports, is replaced by a new one).
 */
const integrationStep: SeedStep = {
  name: "OAuth client",
  async run(state) {
    const known = (await readLedger(state)).integration;
    const redirectUris = demoRedirectUris();
    if (known) {
      const { integration } = await state.operator.graphql(`query($id: ID!) { integration(clientId: $id) { clientId redirectUris scopes } }`, { id: known.clientId });
      const covers = (have: string[], want: string[]) => want.every((item) => have.includes(item));
      if (integration && covers(integration.redirectUris, redirectUris) && covers(integration.scopes, demo.DEMO_INTEGRATION.scopes.split(" "))) {
        state.integration = { ...known, redirectUri: redirectUris[0] };
        return false;
      }
    }
    const { registerIntegration } = await state.operator.graphql(
      `mutation($name: String!, $uris: [String!]!, $scopes: String!, $owner: Int) {
        registerIntegration(name: $name, redirectUris: $uris, scopes: $scopes, ownerId: $owner) { clientId clientSecret } }`,
      { name: demo.DEMO_INTEGRATION.name, uris: redirectUris, scopes: demo.DEMO_INTEGRATION.scopes, owner: user(state, "STAFF").userId },
    );
    state.integration = { clientId: registerIntegration.clientId, clientSecret: registerIntegration.clientSecret, redirectUri: redirectUris[0] };
    await remember(state, { integration: state.integration });
    return true;
  },
};

async function designToken(state: SeedState): Promise<string> {
  state.designToken ??= await state.http.designToken(state.integration!, { email: user(state, "CLIENT").email, password: demo.DEMO_PASSWORD }, demo.DEMO_INTEGRATION.scopes);
  return state.designToken;
}

async function finishedUpload(state: SeedState, jobId: string): Promise<string> {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const { job } = await state.http.expect([200], "GET", `/v1/asset-uploads/${jobId}`, { token: await designToken(state) });
    if (job.status === "success") return job.asset.id;
    if (job.status === "failed") throw new Error(`the demo asset's upload failed: ${JSON.stringify(job.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the demo asset's upload did not finish in a minute (are job workers running? JOB_WORKERS)");
}

const assetStep: SeedStep = {
  name: "asset",
  async run(state) {
    const token = await designToken(state);
    const known = (await readLedger(state)).assetId;
    if (known && (await state.http.send("GET", `/v1/assets/${known}`, { token })).status === 200) {
      state.assetId = known;
      return false;
    }
    const image = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 40, g: 90, b: 200 } } }).png().toBuffer();
    const metadata = JSON.stringify({ name_base64: Buffer.from(demo.DEMO_ASSET_NAME).toString("base64") });
    const { job } = await state.http.expect([200], "POST", "/v1/asset-uploads", { token, bytes: image, headers: { "asset-upload-metadata": metadata } });
    state.assetId = await finishedUpload(state, job.id);
    await remember(state, { assetId: state.assetId });
    return true;
  },
};

const designStep: SeedStep = {
  name: "design",
  async run(state) {
    const token = await designToken(state);
    const { items } = await state.http.expect([200], "GET", `/v1/designs?query=${encodeURIComponent(demo.DEMO_DESIGN_TITLE)}&ownership=owned`, { token });
    state.designId = items.find((design: { title: string }) => design.title === demo.DEMO_DESIGN_TITLE)?.id;
    if (state.designId) return false;
    const json = { design_type: { type: "preset", name: "presentation" }, title: demo.DEMO_DESIGN_TITLE, asset_id: state.assetId };
    state.designId = (await state.http.expect([200], "POST", "/v1/designs", { token, json })).design.id;
    return true;
  },
};

const commentStep: SeedStep = {
  name: "comment",
  async run(state) {
    const token = await designToken(state);
    const { design } = await state.http.graphql(`query($id: ID!) { design(id: $id) { comments(limit: 1) { items { id } } } }`, { id: state.designId }, token);
    if (design.comments.items.length > 0) return false;
    await state.http.expect([200], "POST", `/v1/designs/${state.designId}/comments`, { token, json: { message_plaintext: demo.DEMO_COMMENT } });
    return true;
  },
};

const blogStep: SeedStep = {
  name: "blog post",
  async run(state) {
    if ((await state.http.send("GET", `/api/blog/blogs/${demo.DEMO_BLOG.slug}`)).status === 200) return false;
    // 409: written by an earlier run that stopped before publishing it.
    await state.http.expect([201, 409], "POST", "/api/blog/admin/blogs", { token: user(state, "STAFF").token, json: demo.DEMO_BLOG });
    await state.http.expect([200], "POST", `/api/blog/admin/blogs/${demo.DEMO_BLOG.slug}/publish`, { token: user(state, "ADMIN").token });
    return true;
  },
};

const forumStep: SeedStep = {
  name: "forum question",
  async run(state) {
    const questions: { title: string }[] = await state.http.expect([200], "GET", "/api/forum/questions?tag=demo&limit=100");
    if (questions.some((question) => question.title === demo.DEMO_QUESTION.title)) return false;
    const question = await state.http.expect([201], "POST", "/api/forum/questions", { token: user(state, "CLIENT").token, json: demo.DEMO_QUESTION });
    await state.http.expect([201], "POST", `/api/forum/questions/${question.id}/answers`, { token: user(state, "STAFF").token, json: { content: demo.DEMO_ANSWER } });
    return true;
  },
};

/** In order: later steps use what earlier ones found or made. */
export const SEED_STEPS: readonly SeedStep[] = [
  ...demo.DEMO_USERS.map(userStep),
  projectStep,
  ...demo.DEMO_TASKS.map(taskStep),
  workOrderStep,
  invoiceStep,
  integrationStep,
  assetStep,
  designStep,
  commentStep,
  blogStep,
  forumStep,
];
