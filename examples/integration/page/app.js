// The example integration's page. It talks only to its own server (same origin): the server holds the
// user's tokens and calls the design platform, so no token ever reaches the browser.
const $ = (selector) => document.querySelector(selector);
let uploadedAssetId;

async function call(method, path, body, headers = {}) {
  const json = body !== undefined && !(body instanceof Blob);
  const response = await fetch(path, {
    method,
    headers: json ? { "content-type": "application/json", ...headers } : headers,
    body: json ? JSON.stringify(body) : body,
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(answer.error || `${method} ${path}: ${response.status}`), { status: response.status });
  return answer;
}

/** Follows a job the server relays from the platform's subscription (server-sent events) until it ends. */
function followJob(path, onState) {
  const events = new EventSource(path);
  let ended = false;
  events.addEventListener("job", (event) => onState(JSON.parse(event.data)));
  events.addEventListener("failure", (event) => onState({ status: "failed", error: { message: JSON.parse(event.data).error } }));
  events.addEventListener("end", () => {
    ended = true;
    events.close();
  });
  events.onerror = () => {
    events.close();
    if (!ended) onState({ status: "failed", error: { message: "The connection to the job was lost" } });
  };
}

function showJob(element, label, job) {
  element.dataset.status = job.status;
  element.firstChild.textContent = `${label}: ${job.status}${job.error ? ` (${job.error.message})` : ""}`;
}

function link(text, href, className) {
  const a = document.createElement("a");
  a.textContent = text;
  a.href = href;
  a.target = "_blank";
  a.rel = "noopener";
  if (className) a.className = className;
  return a;
}

function exportDesign(design) {
  const item = document.createElement("li");
  item.append(document.createElement("span"));
  item.className = "job";
  $("#exports").prepend(item);
  const label = `PDF of “${design.title}”`;
  showJob(item, label, { status: "starting" });
  call("POST", "/api/exports", { design_id: design.id }).then(
    ({ job }) =>
      followJob(`/api/exports/${encodeURIComponent(job.id)}/events`, (state) => {
        showJob(item, label, state);
        if (state.status === "success") state.urls.forEach((url, i) => item.append(link(state.urls.length > 1 ? `Download part ${i + 1}` : "Download the PDF", url, "file")));
      }),
    (error) => showJob(item, label, { status: "failed", error }),
  );
}

function designItem(design) {
  const item = document.createElement("li");
  item.dataset.designId = design.id;
  if (design.thumbnail) {
    const image = document.createElement("img");
    image.src = design.thumbnail;
    image.alt = "";
    item.append(image);
  }
  const title = document.createElement("span");
  title.className = "title";
  title.textContent = design.title;
  const exportButton = document.createElement("button");
  exportButton.type = "button";
  exportButton.textContent = "Export as PDF";
  exportButton.addEventListener("click", () => exportDesign(design));
  item.append(title, link("Open in the editor", design.edit_url, "edit"), exportButton);
  return item;
}

async function loadDesigns() {
  const { items } = await call("GET", "/api/designs");
  $("#designs").replaceChildren(...items.map(designItem));
  if (items.length === 0) $("#designs").textContent = "No designs yet: create one above.";
}

$("#upload").addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = $("#image").files[0];
  const status = $("#upload-job");
  status.replaceChildren(document.createElement("span"));
  showJob(status, file.name, { status: "uploading" });
  try {
    const { job } = await call("POST", "/api/asset-uploads", file, { "x-file-name": encodeURIComponent(file.name) });
    followJob(`/api/asset-uploads/${encodeURIComponent(job.id)}/events`, (state) => {
      showJob(status, file.name, state);
      if (state.status !== "success") return;
      uploadedAssetId = state.asset.id;
      status.append(` — asset ${state.asset.id}, placed on the next design you create`);
      if (state.asset.thumbnail) {
        const image = document.createElement("img");
        image.src = state.asset.thumbnail.url;
        image.alt = state.asset.name;
        image.id = "uploaded";
        status.append(image);
      }
    });
  } catch (error) {
    showJob(status, file.name, { status: "failed", error });
  }
});

$("#create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const created = $("#created");
  created.textContent = "Creating…";
  try {
    const { design } = await call("POST", "/api/designs", { title: $("#title").value, asset_id: uploadedAssetId });
    created.replaceChildren(`Created “${design.title}”: `, link("Open it in the editor", design.edit_url, "edit"));
    created.lastChild.id = "edit-link";
    await loadDesigns();
  } catch (error) {
    created.textContent = error.message;
    created.className = "problem";
  }
});

(async () => {
  try {
    const me = await call("GET", "/api/me");
    if (!me.signed_in) {
      $("#who").textContent = "Not signed in";
      $("#sign-in").hidden = false;
      return;
    }
    $("#who").textContent = `Signed in as ${me.name}`;
    $("#sign-out").hidden = false;
    $("#signed-in").hidden = false;
    await loadDesigns();
  } catch (error) {
    $("#who").textContent = error.status === 401 ? "Your sign-in has ended: sign in again" : error.message;
    $("#sign-in").hidden = false;
  }
})();
