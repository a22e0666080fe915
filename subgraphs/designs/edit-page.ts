import type { Response } from "express";
import { EDITOR_SCOPES } from "../../lib/auth/design-scopes.js";
import { sameOriginPageHeaders } from "../../lib/html-page.js";
import { escapeXml } from "./domain/render/page-svg.js";


/**
 * The design editor at an edit link: a shell of this origin's files (the gateway serves the bundle,
 * `pages/browser/editor/`) that signs the user in, reads the design through the graph and edits it
 * live. The link only opens the page; every read and edit is the signed-in user's, for their team.
 */
export function sendEditorPage(res: Response, design: { id: string; title: string }, linkToken: string): void {
  const link = `/designs/${encodeURIComponent(design.id)}/edit?token=${encodeURIComponent(linkToken)}`;
  const signIn = `/console/sign-in?${new URLSearchParams({ return: link })}`;
  const title = escapeXml(design.title);
  res.status(200).set(sameOriginPageHeaders()).type("html").send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Design editor</title>
<link rel="stylesheet" href="/pages/editor.css"></head>
<body data-design-id="${escapeXml(design.id)}">
<header class="bar">
<h1 id="title">${title}</h1>
<div id="tools" role="toolbar" aria-label="Edit the page" hidden>
<button type="button" data-add="text">Text</button><button type="button" data-add="rect">Rectangle</button><button type="button" data-add="ellipse">Ellipse</button><button type="button" data-add="image">Image</button>
<button type="button" id="delete" aria-keyshortcuts="Delete" disabled>Delete</button>
<button type="button" id="undo" aria-keyshortcuts="Control+Z" disabled>Undo</button><button type="button" id="redo" aria-keyshortcuts="Control+Y" disabled>Redo</button>
</div>
<ul id="viewers" aria-label="Editing now" hidden></ul>
<p id="status" role="status" aria-live="polite"></p>
</header>
<section id="sign-in" hidden>
<h2>Sign in to edit</h2>
<p id="problem" role="alert"></p>
<p><a id="sign-in-link" href="${escapeXml(signIn)}">Sign in</a> as a member of the design's team, or paste a design-platform access token with <code>${EDITOR_SCOPES}</code>.</p>
<form id="paste-token"><label>Access token <input id="token" type="password" autocomplete="off" required></label> <button type="submit">Edit with this token</button></form>
</section>
<main id="workspace" hidden>
<nav id="strip" aria-label="Pages"><ol id="pages"></ol>
<div class="page-tools"><button type="button" id="add-page">Add page</button><button type="button" id="page-up" aria-label="Move the page earlier">◀ Move</button><button type="button" id="page-down" aria-label="Move the page later">Move ▶</button><button type="button" id="delete-page">Delete page</button></div>
</nav>
<div id="stage" tabindex="0" role="application" aria-roledescription="page canvas" aria-describedby="keys"></div>
<p id="keys" class="keys">Tab selects the next element, arrow keys move it (Shift: 10 pixels), Enter edits its text, Delete removes it, Escape lets go; Ctrl+Z and Ctrl+Y undo and redo your own edits.</p>
</main>
<dialog id="image-picker" aria-labelledby="picker-title"><h2 id="picker-title">Your team's images</h2><p id="picker-where"></p><ul id="picker-items"></ul>
<p><button type="button" id="picker-up" hidden>Back</button> <button type="button" id="picker-close">Cancel</button></p></dialog>
<script src="/pages/editor.js"></script>
</body></html>`);
}
