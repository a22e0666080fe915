// The job console: a signed-in design-platform user (signed in here, or an OAuth access token with
// asset:read and asset:write pasted) uploads files and watches each upload job move live through the
// graph's subscription.
import { createClient, type Client } from "graphql-ws";
import "./console.css";

const JOB_UPDATES = `subscription($id: ID!) { assetUploadJob(id: $id) { id status error { code message } asset { id name thumbnail { width height } } } }`;

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T;
const token = () => $<HTMLInputElement>("#token").value.trim();

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

function jobRow(name: string): { show(status: string, detail?: string): void } {
  const row = document.createElement("li");
  const label = document.createElement("span");
  const status = document.createElement("strong");
  label.textContent = `${name} — `;
  row.append(label, status);
  $("#jobs").prepend(row);
  return {
    show(text, detail) {
      status.textContent = text;
      status.dataset.status = text;
      row.title = detail ?? "";
      if (detail) label.textContent = `${name} (${detail}) — `;
    },
  };
}

async function upload(file: File): Promise<void> {
  const row = jobRow(file.name);
  row.show("uploading");
  const name = btoa(String.fromCharCode(...new TextEncoder().encode(file.name.slice(0, 50))));
  const response = await fetch("/v1/asset-uploads", {
    method: "POST",
    headers: { authorization: `Bearer ${token()}`, "content-type": "application/octet-stream", "asset-upload-metadata": JSON.stringify({ name_base64: name }) },
    body: file,
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) return row.show("refused", answer.message ?? `HTTP ${response.status}`);
  const id: string = answer.job.id;
  row.show(answer.job.status, `job ${id}`);
  subscriptions().subscribe(
    { query: JOB_UPDATES, variables: { id } },
    {
      next: ({ data, errors }) => {
        const job = (data as { assetUploadJob?: { status: string; error?: { message: string }; asset?: { id: string } } } | null)?.assetUploadJob;
        if (job) row.show(job.status, job.asset ? `asset ${job.asset.id}` : job.error?.message ?? `job ${id}`);
        else if (errors?.length) row.show("error", errors[0].message);
      },
      error: () => row.show("disconnected"),
      complete: () => undefined,
    },
  );
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
$<HTMLFormElement>("#upload").addEventListener("submit", (event) => {
  event.preventDefault();
  for (const file of $<HTMLInputElement>("#files").files ?? []) void upload(file);
});
