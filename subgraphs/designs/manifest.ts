import { defineManifest, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-manifest.js";

/** Where accepted edits are announced after they commit: `{ designId, version }`. */
export const DESIGN_EDIT_EVENTS = "design-edits";
/** Where a change of who has a design's editor open is announced: `{ designId }`. */
export const DESIGN_VIEWER_EVENTS = "design-viewers";

/** Designs of a team: pages with a size and elements (images of assets, text, shapes) that later work renders. */
export default defineManifest({
  name: "designs",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  moreSchemas: [new URL("./editing.graphql", import.meta.url)],
  port: 4006,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Query.designs": { operation: "listDesigns", perMinute: 100 },
    "Query.design": { operation: "getDesign", perMinute: 100 },
    "Query.designPages": { operation: "getDesignPages", perMinute: 100 },
    "Query.designExportFormats": { operation: "getDesignExportFormats", perMinute: 100 },
    "Mutation.createDesign": { operation: "createDesign", perMinute: 20 },
    "Mutation.copyDesign": { operation: "createDesign", perMinute: 20 },
    "Mutation.createDesignFromBrandTemplate": { operation: "createDesign", perMinute: 20 },
    // Not operations of the platform's REST API: live editing's own (a person editing sends a few a second at most).
    "Mutation.editDesign": { operation: "editDesign", perMinute: 600 },
    "Query.designEdits": { operation: "listDesignEdits", perMinute: 100 },
    // The twin of the subscription: each subscription's first read counts (its updates do not).
    "Query.designChanged": { operation: "getDesignChange", perMinute: 100 },
    // An open editor renews its lease about 4 times a minute: 60 is some fifteen tabs of one user.
    "Mutation.enterDesignEditor": { operation: "enterDesignEditor", perMinute: 60 },
    "Mutation.leaveDesignEditor": { operation: "leaveDesignEditor", perMinute: 60 },
    "Query.designViewers": { operation: "listDesignViewers", perMinute: 100 },
  },
  subscriptions: [
    // Every member of the design's team sees the same edits: one execution per edit serves all of them.
    { field: "designChanged", topic: DESIGN_EDIT_EVENTS, match: { argument: "designId", eventKey: "designId" }, eventArgument: { argument: "version", eventKey: "version" }, answerDependsOn: "scopes" },
    { field: "designViewers", topic: DESIGN_VIEWER_EVENTS, match: { argument: "designId", eventKey: "designId" } },
  ],
  publicPaths: ["/designs"],
  codegen: {
    context: "../context.js#DesignsContext",
    mappers: {
      Design: prismaModel("Design"),
      DesignOwner: prismaModel("Design", "DesignOwnerModel"),
      DesignPage: prismaModel("DesignPage"),
      DesignElement: prismaModel("DesignElement"),
      ImageElement: prismaModel("DesignElement", "ImageElementModel"),
      TextElement: prismaModel("DesignElement", "TextElementModel"),
      ShapeElement: prismaModel("DesignElement", "ShapeElementModel"),
      User: ENTITY_REFERENCE,
      Team: "../domain/references.js#KeyReference",
      Asset: "../domain/references.js#KeyReference",
      DesignChange: "../domain/editing/history.js#DesignChangeData",
      DesignEditResult: "../domain/editing/edit-design.js#DesignEditResult as DesignEditResultData",
      DesignEditorViewer: "../domain/editing/presence.js#DesignEditorViewerData",
    },
  },
  settingDocs: [
    // The render budget, read by domain/render/render-settings.ts.
    {
      names: ["DESIGN_RENDER_ELEMENTS_MAX"],
      default: "`1000`",
      meaning: "most elements drawn of one page (thumbnails, the viewer, exports), back to front: those on top past it are left out and the render is logged",
    },
    {
      names: ["DESIGN_RENDER_TEXT_LINES_MAX"],
      default: "`2000`",
      meaning: "most lines of text drawn on one page, every text box together; lines a box cannot show (below it) are never drawn nor counted; past it the rest of the page's text is left out and the render is logged",
    },
    {
      names: ["DESIGN_RENDER_TEXT_CHARACTERS_MAX"],
      default: "`20000`",
      meaning: "most characters of text drawn on one page, every text box together; characters a line cannot show (past its box's width at a tenth of an em each) are never drawn nor counted; past it the rest is left out and the render is logged",
    },
    {
      names: ["DESIGN_RENDER_MAX_PIXELS"],
      default: "`40000000`",
      meaning: "most pixels of one drawn page (sharp's input limit is set from the picture asked for); keep `EXPORT_MAX_PIXELS` at or under it, else larger export pages fail",
    },
    {
      names: ["DESIGN_RENDER_TIMEOUT_SECONDS"],
      default: "`20`",
      meaning: "a page's render still running after this is abandoned (at most 3600): a thumbnail is then null (the viewer says the page could not be drawn) for that version, an export job fails (`internal_failure`); a read also gives up after waiting this long for a turn",
    },
    {
      names: ["DESIGN_RENDER_CONCURRENCY"],
      default: "`2`",
      meaning: "pages one process draws at once (thumbnails and exports together; sharp works on libuv's threadpool, 4 threads unless `UV_THREADPOOL_SIZE`): the others wait their turn",
    },
    { names: ["DESIGN_ELEMENTS_MAX"], default: "`10000`", meaning: "most elements one design holds, all its pages together; an edit, copy, merge, resize, autofill or import past it is refused (`BAD_USER_INPUT`, `reason` `DESIGN_CONTENT_LIMIT`; a merge `413`; a job fails with `create_design_error`)" },
    { names: ["DESIGN_TEXT_MAX"], default: "`2000000`", meaning: "most characters of text one design holds, all its pages together; refused as `DESIGN_ELEMENTS_MAX` is" },
    { names: ["DESIGN_PAGE_TEXT_MAX"], default: "`100000`", meaning: "most characters of text on one page of a design; refused as `DESIGN_ELEMENTS_MAX` is" },
    { names: ["DESIGN_PAGE_TEXT_LINES_MAX"], default: "`2000`", meaning: "most lines of text on one page (each text box's line breaks plus one); refused as `DESIGN_ELEMENTS_MAX` is" },
    { names: ["DESIGN_EDIT_BYTES_MAX"], default: "`256kb`", meaning: "most bytes one `editDesign` is recorded as (its applied operations and element ids as JSON); more is `BAD_USER_INPUT` (`DESIGN_CONTENT_LIMIT`): split the edit. A merge's replacement heavier than this is not kept as an edit: followers read the design again (`GONE`)" },
    { names: ["DESIGN_HISTORY_BYTES_MAX"], default: "`8mb`", meaning: "most bytes a design's kept edits weigh together; past it the oldest are forgotten (down to three quarters), and reading from before them is `GONE`" },
    { names: ["DESIGN_EDITS_PAGE_BYTES"], default: "`1mb`", meaning: "most bytes of edits one `designEdits` answer carries (one edit at least); ask again from the last version given until the answer is empty" },
    { names: ["DESIGN_EDITS_ANSWER_BYTES"], default: "`4mb`", meaning: "most bytes of edits one request carries, every `designEdits` and `designChanged` of it together; past it `PAYLOAD_TOO_LARGE` (`reason` `EDITS_ANSWER_TOO_LARGE`)" },
    { names: ["DESIGN_EDIT_OPERATIONS_MAX"], default: "`100`", meaning: "most operations one `editDesign` applies; more is `BAD_USER_INPUT`" },
    { names: ["DESIGN_PAGE_ELEMENTS_MAX"], default: "`500`", meaning: "most elements one page of a design holds; an edit adding more is `BAD_USER_INPUT`" },
    { names: ["DESIGN_EDITS_PER_MINUTE"], default: "`1200`", meaning: "edits one design accepts a minute from all its editors together (each user also has `editDesign`'s own limit, 600 a minute); more is `RATE_LIMITED`" },
    {
      names: ["DESIGN_VIEWERS_MAX"],
      default: "`100`",
      meaning: "most editor sessions (browser tabs, of all its viewers together) one design has at once; `enterDesignEditor` past it is `CONFLICT` (`reason` `DESIGN_VIEWERS_FULL`)",
    },
    {
      names: ["DESIGN_VIEWER_LEASE_SECONDS"],
      default: "`45`",
      meaning: "how long an open editor counts as a viewer of its design without renewing (`enterDesignEditor` again, within a third of it); a lapsed one leaves `designViewers` within 5 seconds",
    },
  ],
});
