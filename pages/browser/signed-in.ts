// The end of the design editor's sign-in: the token the server obtained is kept in this tab (where the
// editor reads it), and the tab goes back to the edit link the sign-in started from.
import { TOKEN_KEY } from "./editor/token-key.js";

const block = document.getElementById("session");
const session = JSON.parse(block?.textContent ?? "{}") as { accessToken?: string; returnTo?: string };
block?.remove();
if (session.accessToken) sessionStorage.setItem(TOKEN_KEY, session.accessToken);
// The server checked the link before the sign-in began; only a path of this origin's editor is followed.
if (session.returnTo?.startsWith("/designs/")) location.replace(session.returnTo);
