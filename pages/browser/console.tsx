// The job console: a signed-in design-platform user (signed in here, or an OAuth access token pasted)
// uploads assets, imports design files, exports and merges the designs they become, and watches each job move
// live through the graph's subscription.
import { createClient, type Client } from "graphql-ws";
import { onThisOrigin } from "./same-origin.js";
import "./console.css";

const JOB_ERROR = "error { code message }";
const UPLOAD_UPDATES = `subscription($id: ID!) { assetUploadJob(id: $id) { id status ${JOB_ERROR} asset { id name thumbnail { url width height } } } }`;
const IMPORT_UPDATES = `subscription($id: ID!) { designImportJob(id: $id) { id status ${JOB_ERROR} result { designs { id title urls { editUrl } } } } }`;
const EXPORT_UPDATES = `subscription($id: ID!) { exportJob(id: $id) { id status ${JOB_ERROR} urls } }`;
const MERGE_UPDATES = `subscription($id: ID!) { designMergeJob(id: $id) { id status ${JOB_ERROR} result { design { id title pageCount urls { editUrl } } } } }`;

interface Job {
  status: string;
  error?: { message: string } | null;
}

/** A design a job made, with its edit link. */
interface MadeDesign {
  id: string;
  title: string;
  urls?: { editUrl: string };
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

type Uploaded = Job & { asset?: { id: string; name: string; thumbnail?: { url: string; width: number; height: number } | null } | null };

async function uploadAsset(file: File): Promise<void> {
  const row = jobRow(file.name);
  row.show("uploading");
  const headers = { "content-type": "application/octet-stream", "asset-upload-metadata": JSON.stringify({ name_base64: base64(file.name) }) };
  const job = await startJob(row, "/v1/asset-uploads", { method: "POST", headers, body: file });
  if (job) follow<Uploaded>(row, UPLOAD_UPDATES, "assetUploadJob", job.id, (j) => (j.asset ? `asset ${j.asset.id}` : `job ${job.id}`), (j) => showThumbnail(row, j));
}

/** The asset's thumbnail on its job's row (a signed file URL of this platform; a video has none). */
function showThumbnail(row: Row, job: Uploaded): void {
  const thumbnail = job.asset?.thumbnail;
  const src = thumbnail && onThisOrigin(thumbnail.url, "/blobs/");
  if (!thumbnail || !src) return;
  const scale = Math.min(1, 96 / Math.max(thumbnail.width, thumbnail.height));
  const image = Object.assign(document.createElement("img"), { className: "thumbnail", src, alt: `Thumbnail of ${job.asset!.name}` });
  Object.assign(image, { width: Math.round(thumbnail.width * scale), height: Math.round(thumbnail.height * scale) });
  row.element.prepend(image);
}

/** A link that opens the design in the editor (its edit link, on this origin). */
function editLink(design: MadeDesign): HTMLAnchorElement | undefined {
  const href = design.urls && onThisOrigin(design.urls.editUrl, "/designs/");
  return href ? Object.assign(document.createElement("a"), { href, className: "edit", textContent: `Edit “${design.title}”` }) : undefined;
}

/** The buttons and links of a design a job made: export it, open it in the editor. */
function designTools(design: MadeDesign): HTMLElement[] {
  return [exportButton(design), editLink(design)].filter((element): element is HTMLElement => element !== undefined);
}

async function importDesign(file: File): Promise<void> {
  const row = jobRow(file.name);
  row.show("uploading");
  const headers = { "content-type": "application/octet-stream", "import-metadata": JSON.stringify({ title_base64: base64(file.name.replace(/\.[^.]+$/, "")) }) };
  const job = await startJob(row, "/v1/imports", { method: "POST", headers, body: file });
  type Imported = Job & { result?: { designs: MadeDesign[] } | null };
  if (job) {
    const designs = (j: Imported) => j.result?.designs ?? [];
    follow<Imported>(row, IMPORT_UPDATES, "designImportJob", job.id, (j) => (designs(j).length ? `designs ${designs(j).map((d) => d.id).join(", ")}` : `job ${job.id}`), (j) => {
      for (const design of designs(j)) row.element.append(...designTools(design));
      imported.push(...designs(j));
      $<HTMLButtonElement>("#merge").disabled = imported.length === 0;
    });
  }
}

/** A button exporting the design as a PDF, the export's job on a row of its own with links to its files. */
function exportButton(design: MadeDesign): HTMLButtonElement {
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
  type Merged = Job & { result?: { design: MadeDesign & { pageCount: number } } | null };
  if (job) {
    follow<Merged>(row, MERGE_UPDATES, "designMergeJob", job.id, (j) => (j.result ? `design ${j.result.design.id}, ${j.result.design.pageCount} pages` : `job ${job.id}`), (j) => {
      if (j.result) row.element.append(...designTools(j.result.design));
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

/** Whether the access token (a JWT) holds `profile:read`, which reading the user's name needs. */
function mayReadName(accessToken: string): boolean {
  try {
    const payload = JSON.parse(atob(accessToken.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))) as { scope?: unknown };
    return typeof payload.scope === "string" && payload.scope.split(" ").includes("profile:read");
  } catch {
    return false;
  }
}

/**
 * Says whose the token is: their name where the token may read it (`profile:read`), their user and team
 * ids (any token), or why the platform refused it.
 */
async function showWho(): Promise<void> {
  const who = $("#who");
  const asked = token();
  if (!asked) return void (who.textContent = "");
  const read = (path: string) =>
    fetch(path, { headers: { authorization: `Bearer ${asked}` } }).then(async (response) => ({ ok: response.ok, body: await response.json().catch(() => ({})) }));
  const [me, profile] = await Promise.all([read("/v1/users/me"), mayReadName(asked) ? read("/v1/users/me/profile") : undefined]);
  if (asked !== token()) return;
  who.dataset.state = me.ok ? "signed-in" : "refused";
  if (!me.ok) return void (who.textContent = `This token is refused: ${me.body.message ?? "the platform did not answer"}.`);
  const { user_id: user, team_id: team } = me.body.team_user as { user_id: string; team_id: string };
  const name = profile?.ok ? (profile.body.profile?.display_name as string | undefined) : undefined;
  who.textContent = name ? `Signed in as ${name} (user ${user}, team ${team}).` : `Signed in as user ${user} of team ${team}.`;
}

$("#token").value = sessionStorage.getItem("console-token") ?? "";
$("#token").addEventListener("change", () => {
  sessionStorage.setItem("console-token", token());
  void showWho();
});
void showWho();
$<HTMLButtonElement>("#merge").addEventListener("click", () => void mergeImported());
$<HTMLFormElement>("#upload").addEventListener("submit", (event) => {
  event.preventDefault();
  const send = $<HTMLSelectElement>("#kind").value === "import" ? importDesign : uploadAsset;
  for (const file of $<HTMLInputElement>("#files").files ?? []) void send(file);
});
