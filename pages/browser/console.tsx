// The job console: a signed-in design-platform user (signed in here, or an OAuth access token pasted)
// uploads assets, imports design files, exports and merges the designs they become, and watches each job move
// live through the graph's subscription.
import { createClient, type Client } from "graphql-ws";
import "./console.css";

const JOB_ERROR = "error { code message }";
const UPLOAD_UPDATES = `subscription($id: ID!) { assetUploadJob(id: $id) { id status ${JOB_ERROR} asset { id name thumbnail { width height } } } }`;
const IMPORT_UPDATES = `subscription($id: ID!) { designImportJob(id: $id) { id status ${JOB_ERROR} result { designs { id title } } } }`;
const EXPORT_UPDATES = `subscription($id: ID!) { exportJob(id: $id) { id status ${JOB_ERROR} urls } }`;
const MERGE_UPDATES = `subscription($id: ID!) { designMergeJob(id: $id) { id status ${JOB_ERROR} result { design { id title pageCount } } } }`;

interface Job {
  status: string;
  error?: { message: string } | null;
}

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T;
const token = () => $<HTMLInputElement>("#token").value.trim();
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text.slice(0, 50))));

let client: Client | undefined;
let clientToken = "";
/** One graphql-ws connection per token (the token travels in connectionParams, as the gateway reads it). */
function subscriptions(): Client {
  if (client && clientToken === token()) return client;
  void client?.dispose();
  clientToken = token();
  const url = new URL("/graphql", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  client = createClient({ url: url.href, connectionParams: { authorization: `Bearer ${clientToken}` } });
  return client;
}

interface Row {
  element: HTMLLIElement;
  show(status: string, detail?: string): void;
}

function jobRow(name: string): Row {
  const row = document.createElement("li");
  const label = document.createElement("span");
  const status = document.createElement("strong");
  label.textContent = `${name} — `;
  row.append(label, status);
  $("#jobs").prepend(row);
  return {
    element: row,
    show(text, detail) {
      status.textContent = text;
      status.dataset.status = text;
      row.title = detail ?? "";
      if (detail) label.textContent = `${name} (${detail}) — `;
    },
  };
}

/** Sends a request that creates a job; its answer's `job`, or null once the row says why it was refused. */
async function startJob(row: Row, path: string, init: RequestInit): Promise<{ id: string; status: string } | null> {
  const response = await fetch(path, { ...init, headers: { authorization: `Bearer ${token()}`, ...init.headers } });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    row.show("refused", answer.message ?? `HTTP ${response.status}`);
    return null;
  }
  row.show(answer.job.status, `job ${answer.job.id}`);
  return answer.job;
}

/** Follows a job over the subscription: every state on the row, `done` with the final one. */
function follow<T extends Job>(row: Row, query: string, field: string, id: string, detail: (job: T) => string, done?: (job: T) => void): void {
  subscriptions().subscribe(
    { query, variables: { id } },
    {
      next: ({ data, errors }) => {
        const job = (data as Record<string, T> | null)?.[field];
        if (job) {
          row.show(job.status, job.error?.message ?? detail(job));
          if (job.status === "success") done?.(job);
        } else if (errors?.length) row.show("error", errors[0].message);
      },
      error: () => row.show("disconnected"),
      complete: () => undefined,
    },
  );
}

async function uploadAsset(file: File): Promise<void> {
  const row = jobRow(file.name);
  row.show("uploading");
  const headers = { "content-type": "application/octet-stream", "asset-upload-metadata": JSON.stringify({ name_base64: base64(file.name) }) };
  const job = await startJob(row, "/v1/asset-uploads", { method: "POST", headers, body: file });
  if (job) follow<Job & { asset?: { id: string } }>(row, UPLOAD_UPDATES, "assetUploadJob", job.id, (j) => (j.asset ? `asset ${j.asset.id}` : `job ${job.id}`));
}

async function importDesign(file: File): Promise<void> {
  const row = jobRow(file.name);
  row.show("uploading");
  const headers = { "content-type": "application/octet-stream", "import-metadata": JSON.stringify({ title_base64: base64(file.name.replace(/\.[^.]+$/, "")) }) };
  const job = await startJob(row, "/v1/imports", { method: "POST", headers, body: file });
  type Imported = Job & { result?: { designs: { id: string; title: string }[] } | null };
  if (job) {
    const designs = (j: Imported) => j.result?.designs ?? [];
    follow<Imported>(row, IMPORT_UPDATES, "designImportJob", job.id, (j) => (designs(j).length ? `designs ${designs(j).map((d) => d.id).join(", ")}` : `job ${job.id}`), (j) => {
      for (const design of designs(j)) row.element.append(exportButton(design));
      imported.push(...designs(j));
      $<HTMLButtonElement>("#merge").disabled = imported.length === 0;
    });
  }
}

/** A button exporting the design as a PDF, the export's job on a row of its own with links to its files. */
function exportButton(design: { id: string; title: string }): HTMLButtonElement {
  const button = Object.assign(document.createElement("button"), { type: "button", className: "export", textContent: `Export “${design.title}” as PDF` });
  button.addEventListener("click", async () => {
    const row = jobRow(`PDF export of ${design.title}`);
    row.show("requested");
    const job = await startJob(row, "/v1/exports", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ design_id: design.id, format: { type: "pdf" } }) });
    if (!job) return;
    follow<Job & { urls?: string[] | null }>(row, EXPORT_UPDATES, "exportJob", job.id, () => `job ${job.id}`, (done) => {
      for (const [index, url] of (done.urls ?? []).entries()) {
        row.element.append(Object.assign(document.createElement("a"), { href: url, className: "file", textContent: `file ${index + 1}` }));
      }
    });
  });
  return button;
}

/** The designs imported in this tab, in the order their imports finished: what "Merge" combines. */
const imported: { id: string; title: string }[] = [];

/** Merges every design imported so far into a new one (`POST /v1/merges`), followed live; the result can be exported. */
async function mergeImported(): Promise<void> {
  const designs = [...imported];
  const row = jobRow(`Merge of ${designs.length} imported design${designs.length === 1 ? "" : "s"}`);
  row.show("requested");
  const operations = designs.map((design) => ({ type: "insert_pages", source: { type: "design", design_id: design.id } }));
  const body = JSON.stringify({ type: "create_new_design", title: "Merged designs", operations });
  const job = await startJob(row, "/v1/merges", { method: "POST", headers: { "content-type": "application/json" }, body });
  type Merged = Job & { result?: { design: { id: string; title: string; pageCount: number } } | null };
  if (job) {
    follow<Merged>(row, MERGE_UPDATES, "designMergeJob", job.id, (j) => (j.result ? `design ${j.result.design.id}, ${j.result.design.pageCount} pages` : `job ${job.id}`), (j) => {
      if (j.result) row.element.append(exportButton(j.result.design));
    });
  }
}

// Just signed in: the server handed over the access token once; it is kept in this tab only, and the
// address bar goes back to /console (the callback's code is used up).
const session = document.getElementById("session");
if (session) {
  const { accessToken } = JSON.parse(session.textContent ?? "{}") as { accessToken?: string };
  if (accessToken) sessionStorage.setItem("console-token", accessToken);
  session.remove();
  history.replaceState(null, "", "/console");
  const how = document.getElementById("how");
  if (how && accessToken) {
    const again = Object.assign(document.createElement("a"), { id: "sign-in", href: "/console/sign-in", textContent: "Sign in again" });
    how.replaceChildren("Signed in as a design-platform user: pick files and upload. ", again);
  }
}

$("#token").value = sessionStorage.getItem("console-token") ?? "";
$("#token").addEventListener("change", () => sessionStorage.setItem("console-token", token()));
$<HTMLButtonElement>("#merge").addEventListener("click", () => void mergeImported());
$<HTMLFormElement>("#upload").addEventListener("submit", (event) => {
  event.preventDefault();
  const send = $<HTMLSelectElement>("#kind").value === "import" ? importDesign : uploadAsset;
  for (const file of $<HTMLInputElement>("#files").files ?? []) void send(file);
});
