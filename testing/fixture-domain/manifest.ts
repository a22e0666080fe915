import { defineManifest } from "../../lib/modules/domain-manifest.js";
import { jobSubscription } from "../../lib/modules/subscriptions.js";

/** Where a board's changes are published. */
export const BOARD_EVENTS = "fixture-boards";
export const SHOUT = "fixture_shout";

/** Notes on boards, kept in memory: everything else about it is derived from this manifest and its wiring (module.ts). */
export default defineManifest({
  name: "fixture-notes",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  declaresJobs: true,
  port: 4099,
  subscriptions: [{ field: "board", topic: BOARD_EVENTS, match: { argument: "name", eventKey: "board" } }, jobSubscription("shoutJob")],
  settingDocs: [{ names: ["FIXTURE_NOTES_SHOUT_SUFFIX"], default: "`!`", meaning: "what a shout job adds to the text it shouts" }],
});
