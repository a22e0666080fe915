import type { CommentThread } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ValidationError } from "../../../lib/errors.js";
import type { CommentsContext } from "../context.js";
import { commentableDesignTeam } from "./access.js";
import { MESSAGE_MAX } from "./messages.js";
import { addThread } from "./threads.js";

/** Most edits one suggestion proposes. */
export const SUGGESTED_EDITS_MAX = 50;

export type SuggestedEdit = { type: "add" | "delete"; text: string } | { type: "format"; format: string };

/** An edit as it comes in: the graph has checked the enums, not which member goes with which type. */
export interface SuggestedEditInput {
  type: "add" | "delete" | "format";
  text?: string | null;
  format?: string | null;
}

function checkedEdit(edit: SuggestedEditInput, index: number): SuggestedEdit {
  const field = `suggestedEdits[${index}]`;
  if (edit.type === "format") {
    if (!edit.format || edit.text != null) throw new ValidationError(field, `${field}: a format edit has a format and no text`);
    return { type: "format", format: edit.format };
  }
  const text = edit.text ?? "";
  if (edit.format != null || text.length === 0 || [...text].length > MESSAGE_MAX) {
    throw new ValidationError(field, `${field}: an ${edit.type} edit has a text of 1 to ${MESSAGE_MAX} characters and no format`);
  }
  return { type: edit.type, text };
}

/** A new suggestion thread by the caller on a design of the caller's team, `open`; it counts toward the design's threads. */
export async function createSuggestion(ctx: CommentsContext, principal: DesignPrincipal, designId: string, edits: readonly SuggestedEditInput[]): Promise<CommentThread> {
  if (edits.length === 0 || edits.length > SUGGESTED_EDITS_MAX) {
    throw new ValidationError("suggestedEdits", `suggestedEdits must hold 1 to ${SUGGESTED_EDITS_MAX} edits`);
  }
  const suggestedEdits = edits.map(checkedEdit);
  const teamId = await commentableDesignTeam(ctx, principal, designId);
  return addThread(ctx, teamId, { designId, kind: "suggestion", authorId: principal.userId, message: "", mentions: [], suggestedEdits, suggestionStatus: "open" });
}

/** The stored edits of a suggestion thread (a JSON column). */
export function suggestedEditsOf(thread: CommentThread): SuggestedEdit[] {
  return Array.isArray(thread.suggestedEdits) ? (thread.suggestedEdits as SuggestedEdit[]) : [];
}
