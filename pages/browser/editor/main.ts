// The design editor at a design's edit link: the user signs in (or pastes a token), the design is read
// through the graph, and every change is an `editDesign` edit; everyone's edits arrive over `designChanged`.
import { Editor } from "./editor.js";
import { Graph, GraphError } from "./graph.js";
import { bindKeys } from "./keys.js";
import { ImagePicker } from "./picker.js";
import { showPresence } from "./presence.js";
import { TOKEN_KEY } from "./token-key.js";
import "./editor.css";

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T;
const designId = document.body.dataset.designId ?? "";
const status = $("#status");
const say = (text: string) => (status.textContent = text);

/** Why the graph would not let this token edit the design, in the user's words. */
function problemOf(error: GraphError): string {
  switch (error.code) {
    case "NOT_FOUND":
      return "This design was not found for this user: sign in as a member of the design's team.";
    case "UNAUTHENTICATED":
      return "The sign-in has expired or the token is not valid: sign in again.";
    case "FORBIDDEN":
      return `This token may not edit designs: ${error.message}. Sign in again.`;
    default:
      return error.message;
  }
}

function askToSignIn(problem?: string): void {
  $("#workspace").hidden = true;
  $("#tools").hidden = true;
  $("#sign-in").hidden = false;
  $("#problem").textContent = problem ?? "";
}

let editor: Editor | undefined;

function wireTools(current: Editor, picker: ImagePicker): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-add]")) {
    const kind = button.dataset.add as "text" | "rect" | "ellipse" | "image";
    button.onclick = async () => {
      if (kind !== "image") return current.add(kind);
      const image = await picker.pick();
      if (image) current.addImage(image);
      $("#stage").focus();
    };
  }
  const actions: Record<string, () => void> = {
    "#delete": () => current.deleteSelected(),
    "#undo": () => current.undo(),
    "#redo": () => current.redo(),
    "#add-page": () => current.addPage(),
    "#page-up": () => current.movePage(-1),
    "#page-down": () => current.movePage(1),
    "#delete-page": () => current.deletePage(),
  };
  for (const [selector, action] of Object.entries(actions)) $<HTMLButtonElement>(selector).onclick = action;
}

/** The most pages a design has (the designs domain's limit): "Add page" cannot act past it. */
const PAGES_MAX = 500;

/**
 * Each tool enabled only where it can act. Called from the first drawing on (the editor is being built
 * then: it passes itself), so no page tool is ever offered for a design it cannot change.
 */
function toolsChanged(current: Editor): void {
  const pages = current.design.pages.length;
  const number = current.pageNumber();
  $<HTMLButtonElement>("#delete").disabled = !current.selectedElement();
  $<HTMLButtonElement>("#undo").disabled = !current.history.canUndo;
  $<HTMLButtonElement>("#redo").disabled = !current.history.canRedo;
  $<HTMLButtonElement>("#add-page").disabled = pages >= PAGES_MAX;
  $<HTMLButtonElement>("#page-up").disabled = number <= 1;
  $<HTMLButtonElement>("#page-down").disabled = number >= pages;
  $<HTMLButtonElement>("#delete-page").disabled = pages < 2;
  $("#stage").setAttribute("aria-label", `Page ${number} of ${pages}`);
}

async function start(token: string): Promise<void> {
  const graph = new Graph(token, designId);
  say("Opening the design…");
  try {
    const design = await graph.design();
    $("#sign-in").hidden = true;
    $("#workspace").hidden = false;
    $("#tools").hidden = false;
    editor = new Editor(graph, design, {
      stage: $("#stage"),
      pageList: $<HTMLOListElement>("#pages"),
      title: $("#title"),
      say,
      toolsChanged,
      failed: (error) => {
        if (error.code === "UNAUTHENTICATED" || error.code === "NOT_FOUND") {
          sessionStorage.removeItem(TOKEN_KEY);
          askToSignIn(problemOf(error));
        } else say(problemOf(error));
      },
    });
    wireTools(editor, new ImagePicker($<HTMLDialogElement>("#image-picker"), graph));
    showPresence(graph, designId, $<HTMLUListElement>("#viewers"));
    say(`Editing “${design.title}”, page 1 of ${design.pages.length}`);
  } catch (error) {
    const refusal = error instanceof GraphError ? error : new GraphError("ERROR", String(error));
    if (refusal.code !== "UNREACHABLE") sessionStorage.removeItem(TOKEN_KEY);
    say("");
    askToSignIn(problemOf(refusal));
  }
}

$<HTMLFormElement>("#paste-token").addEventListener("submit", (event) => {
  event.preventDefault();
  const token = $<HTMLInputElement>("#token").value.trim();
  if (!token) return;
  sessionStorage.setItem(TOKEN_KEY, token);
  $<HTMLInputElement>("#token").value = "";
  // An editor already built (its sign-in then failed) is left behind whole: the page starts again with the new token.
  if (editor) location.reload();
  else void start(token);
});

bindKeys(() => editor, $("#stage"));
const saved = sessionStorage.getItem(TOKEN_KEY);
if (saved) void start(saved);
else askToSignIn();
