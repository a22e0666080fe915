import type { Job, PrismaClient } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { NotFoundError } from "../../../lib/errors.js";
import { enqueueJob } from "../../../lib/jobs/engine.js";
import { isResourceId } from "../../../lib/validation.js";
import { checkedPageCopies, ContentLimitError, teamPageSources, type PageRef, type PageSourceFacts } from "../../designs/public.js";
import type { MergesContext } from "../context.js";
import { invalidMerge, mergedLayout, OPERATIONS_MAX, sourceDesignIds, tooLarge, type MergeOperation } from "./layout.js";

export const DESIGN_MERGE = "design_merge";
const TITLE_MAX = 255;

export type MergeType = "create_new_design" | "modify_existing_design";

/** What a merge job was asked, checked when it was made; the job applies it to the designs as they are then. */
export interface MergeInput {
  type: MergeType;
  teamId: string;
  /** The design changed (`modify_existing_design`). */
  designId: string | null;
  title: string | null;
  operations: MergeOperation[];
}

/** What a successful merge job leaves in `jobs.result`. */
export interface MergeResult {
  designId: string;
}

/** The graph's input, as its schema declares it. */
export interface MergeRequest {
  type: MergeType;
  designId?: string | null;
  title?: string | null;
  operations: readonly {
    type: MergeOperation["type"];
    source?: { type: "design"; designId: string; pageNumbers?: readonly number[] | null } | null;
    afterPageNumber?: number | null;
    fromPageNumbers?: readonly number[] | null;
    toAfterPageNumber?: number | null;
    pageNumbers?: readonly number[] | null;
  }[];
}

/** A member an operation of this type needs (REST names, as the caller wrote them). */
function required<T>(value: T | null | undefined, index: number, type: MergeOperation["type"], member: string): T {
  if (value === null || value === undefined) throw invalidMerge(`Invalid operation: operations[${index}] (${type}) needs ${member}`);
  return value;
}

/** Each operation with the members its type needs (a bad request naming the operation otherwise). */
function operationsOf(request: MergeRequest): MergeOperation[] {
  if (request.operations.length < 1 || request.operations.length > OPERATIONS_MAX) throw invalidMerge(`Invalid operation: operations must list 1 to ${OPERATIONS_MAX} operations`);
  return request.operations.map((operation, index): MergeOperation => {
    if (request.type === "create_new_design" && operation.type !== "insert_pages") {
      throw invalidMerge(`A new design is made by insert_pages operations only: operations[${index}] is ${operation.type}`);
    }
    if (operation.type === "insert_pages") {
      const source = required(operation.source, index, "insert_pages", "source");
      return { type: "insert_pages", source: { designId: source.designId, pageNumbers: source.pageNumbers ? [...source.pageNumbers] : null }, afterPageNumber: operation.afterPageNumber ?? null };
    }
    if (operation.type === "move_pages") {
      const from = required(operation.fromPageNumbers, index, "move_pages", "from_page_numbers");
      return { type: "move_pages", fromPageNumbers: [...from], toAfterPageNumber: required(operation.toAfterPageNumber, index, "move_pages", "to_after_page_number") };
    }
    return { type: "delete_pages", pageNumbers: [...required(operation.pageNumbers, index, "delete_pages", "page_numbers")] };
  });
}

function titleOf(request: MergeRequest): string | null {
  if (request.title === undefined || request.title === null) {
    if (request.type === "create_new_design") throw invalidMerge("title is required for a new design");
    return null;
  }
  const title = request.title.trim();
  if (title.length === 0 || [...title].length > TITLE_MAX) throw invalidMerge(`title must be 1 to ${TITLE_MAX} characters`);
  return title;
}

/** The documented answer for a design the caller's team does not have (unknown and other teams' alike). */
export function mergeDesignNotFound(designId: string): NotFoundError {
  return new NotFoundError(isResourceId(designId) ? `Design '${designId}' not found` : "Design not found", { entity: "design" });
}

/** Documents and whiteboards have no fixed pages to merge. */
function mergeable(design: PageSourceFacts): PageSourceFacts {
  if (design.preset === "doc") throw invalidMerge(`Design '${design.id}' has unsupported document type: doc.`);
  if (design.preset === "whiteboard") throw invalidMerge(`Source design '${design.id}' has unsupported page type: whiteboard. Only fixed pages are supported.`);
  return design;
}

/** The team's designs a merge names, each mergeable; one the team does not have is not found (as an unknown one). */
export async function mergeDesigns(db: Pick<PrismaClient, "design">, teamId: string, ids: readonly string[], missing: (designId: string) => Error): Promise<Map<string, PageSourceFacts>> {
  const found = await teamPageSources(db, teamId, ids);
  for (const id of ids) {
    const design = found.get(id);
    if (!design) throw missing(id);
    mergeable(design);
  }
  return found;
}

/** An existing design's pages, in order, as the start of its merge. */
export const pagesOf = (design: PageSourceFacts): PageRef[] => Array.from({ length: design.pageCount }, (_, index) => ({ designId: design.id, pageNumber: index + 1 }));

/** What the merged design would hold, counted before the job is made: past the design budgets, too large (413). */
async function withinContentBudgets(ctx: MergesContext, teamId: string, layout: readonly PageRef[]): Promise<void> {
  try {
    await checkedPageCopies(ctx.db, teamId, layout, ctx.designBudgets);
  } catch (error) {
    if (error instanceof ContentLimitError) throw tooLarge(error.message);
    throw error;
  }
}

/**
 * A merge job of the caller's team's designs; every rule is checked first on the designs as they are
 * (the designs, their kinds, every page number at its step, the size), so a job is made only for a
 * merge that can run.
 */
export async function createMergeJob(ctx: MergesContext, principal: DesignPrincipal, request: MergeRequest): Promise<Job> {
  const operations = operationsOf(request);
  const title = titleOf(request);
  const designId = request.type === "modify_existing_design" ? (request.designId ?? null) : null;
  if (request.type === "modify_existing_design" && !designId) throw invalidMerge("design_id is required to modify a design");
  const ids = [...(designId ? [designId] : []), ...sourceDesignIds(operations)];
  const designs = await mergeDesigns(ctx.db, principal.teamId, ids, mergeDesignNotFound);
  const layout = mergedLayout(designId ? pagesOf(designs.get(designId)!) : [], operations, (id) => designs.get(id)!.pageCount);
  await withinContentBudgets(ctx, principal.teamId, layout);
  const input: MergeInput = { type: request.type, teamId: principal.teamId, designId, title, operations };
  return enqueueJob(ctx, { kind: DESIGN_MERGE, ownerId: principal.userId, clientId: principal.clientId, input: input as never });
}

export function resultDesignId(job: Job): string | undefined {
  return job.status === "success" ? (job.result as unknown as MergeResult | null)?.designId : undefined;
}
