import type { Settings } from "../../lib/settings.js";
import { contentBudgets } from "./domain/content-budget.js";

export type DesignsSettings = ReturnType<typeof designsSettings>;

export function designsSettings(settings: Settings) {
  return {
    /** Most operations one `editDesign` applies. */
    operationsPerEdit: settings.positiveInt("DESIGN_EDIT_OPERATIONS_MAX", 100),
    /** Most elements one page holds; an edit adding more is refused. */
    elementsPerPage: settings.positiveInt("DESIGN_PAGE_ELEMENTS_MAX", 500),
    /** Edits one design accepts a minute, whoever sends them (each user also has the operation's own limit). */
    editsPerDesignPerMinute: settings.positiveInt("DESIGN_EDITS_PER_MINUTE", 1200),
    /** Most editor sessions (browser tabs, of all its viewers together) one design has at once. */
    viewerSessionsPerDesign: settings.positiveInt("DESIGN_VIEWERS_MAX", 100),
    /** How long an editor session lasts unless the editor renews it. */
    viewerLeaseSeconds: settings.positiveInt("DESIGN_VIEWER_LEASE_SECONDS", 45),
    /** What a design may hold and its edit history weigh (`domain/content-budget.ts`). */
    content: contentBudgets(settings),
  };
}
