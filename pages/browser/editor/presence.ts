// Who else has the design's editor open: this tab holds a lease (entered, renewed, left when the tab
// goes) and shows the list the graph sends. Editing never waits on it: if it fails, the list stays empty.
import type { Graph } from "./graph.js";

const SESSION_KEY = "design-editor-session";

export interface Viewer {
  user: { id: number; displayName: string };
  since: string;
}

const ENTER = `mutation($id: ID!, $session: ID!) { enterDesignEditor(designId: $id, sessionId: $session) { renewWithinSeconds } }`;
const LEAVE = `mutation($id: ID!, $session: ID!) { leaveDesignEditor(designId: $id, sessionId: $session) }`;
const VIEWERS = `subscription($id: ID!) { designViewers(designId: $id) { user { id displayName } since } }`;

/** This tab's own session id (8 to 64 of `A-Z a-z 0-9 _ -`), kept while the tab lives. */
function sessionId(): string {
  let id = sessionStorage.getItem(SESSION_KEY);
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    sessionStorage.setItem(SESSION_KEY, id);
  }
  return id;
}

/** Shows who has the editor open in `list` (one entry per person, earliest first) for as long as the tab is open. */
export function showPresence(graph: Graph, designId: string, list: HTMLUListElement): void {
  const session = sessionId();
  let renewal = 0;
  const enter = () =>
    graph
      .request<{ enterDesignEditor: { renewWithinSeconds: number } }>(ENTER, { id: designId, session })
      .then(({ enterDesignEditor }) => (renewal = window.setTimeout(enter, Math.max(1, enterDesignEditor.renewWithinSeconds - 2) * 1000)))
      .catch(() => (renewal = window.setTimeout(enter, 30_000)));
  void enter();
  addEventListener("pagehide", () => {
    clearTimeout(renewal);
    graph.send(LEAVE, { id: designId, session });
  });
  graph.subscribe<{ designViewers: Viewer[] }>(VIEWERS, { id: designId }, ({ designViewers }) => {
    list.replaceChildren(
      ...designViewers.map((viewer) => {
        const item = document.createElement("li");
        item.textContent = viewer.user.displayName || `User ${viewer.user.id}`;
        item.title = `Editing since ${new Date(viewer.since).toLocaleTimeString()}`;
        return item;
      }),
    );
    list.hidden = designViewers.length === 0;
  });
}
