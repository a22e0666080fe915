import { BadRequestError, PayloadTooLargeError } from "../../../lib/errors.js";
import { PAGE_NUMBERS_MAX, pageNumbersProblem, type PageRef } from "../../designs/public.js";

/** Most operations one merge applies (documented, as the platform's specification bounds them). */
export const OPERATIONS_MAX = 500;
/** Most pages a merged design has, at any step of its operations (documented). */
export const MERGED_PAGES_MAX = PAGE_NUMBERS_MAX;

/** An operation as the job keeps it: checked in shape, its page numbers checked against the pages when it runs. */
export type MergeOperation =
  | { type: "insert_pages"; source: { designId: string; pageNumbers: number[] | null }; afterPageNumber: number | null }
  | { type: "move_pages"; fromPageNumbers: number[]; toAfterPageNumber: number }
  | { type: "delete_pages"; pageNumbers: number[] };

const invalid = (message: string) => new BadRequestError(message, { reason: "INVALID_MERGE" });

/** The platform's refusal of a merge too large, with what is past its limit when that is the content (`detail`). */
export const tooLarge = (detail?: string) =>
  new PayloadTooLargeError(
    "The request size exceeds the maximum allowed limit. Try reducing the number of pages per request, using simpler page content, or splitting into multiple smaller operations." +
      (detail ? ` (${detail})` : ""),
    detail ? { reason: "DESIGN_CONTENT_LIMIT" } : {},
  );

/** Page numbers of the design being built (`total` pages now), checked as the platform words it. */
function checked(numbers: readonly number[], total: number): number[] {
  const problem = pageNumbersProblem(numbers, total);
  if (problem) throw invalid(problem);
  return [...numbers];
}

/** A position "after page n" of the design being built: 0 (the beginning) to its last page. */
function position(after: number, total: number): number {
  if (!Number.isInteger(after) || after < 0 || after > total) throw invalid(`Page number ${after} is out of range (design has ${total} pages)`);
  return after;
}

function inserted(layout: PageRef[], operation: Extract<MergeOperation, { type: "insert_pages" }>, pageCount: (designId: string) => number): PageRef[] {
  const { designId } = operation.source;
  const count = pageCount(designId);
  const numbers = operation.source.pageNumbers ? checked(operation.source.pageNumbers, count) : Array.from({ length: count }, (_, index) => index + 1);
  if (layout.length + numbers.length > MERGED_PAGES_MAX) throw tooLarge();
  const at = position(operation.afterPageNumber ?? layout.length, layout.length);
  return [...layout.slice(0, at), ...numbers.map((pageNumber) => ({ designId, pageNumber })), ...layout.slice(at)];
}

/** The moved pages go right after page `toAfterPageNumber` as the pages were before the move (after the nearest one not moved). */
function moved(layout: PageRef[], operation: Extract<MergeOperation, { type: "move_pages" }>): PageRef[] {
  const from = checked(operation.fromPageNumbers, layout.length);
  const after = position(operation.toAfterPageNumber, layout.length);
  const moving = new Set(from);
  const staying = layout.filter((_, index) => !moving.has(index + 1));
  const at = layout.slice(0, after).filter((_, index) => !moving.has(index + 1)).length;
  return [...staying.slice(0, at), ...from.map((number) => layout[number - 1]), ...staying.slice(at)];
}

function deleted(layout: PageRef[], operation: Extract<MergeOperation, { type: "delete_pages" }>): PageRef[] {
  const gone = new Set(checked(operation.pageNumbers, layout.length));
  return layout.filter((_, index) => !gone.has(index + 1));
}

/**
 * The pages of the merged design, in order: the operations applied one after another to `start` (an
 * existing design's pages, or none), each page number read as the pages stand at that step.
 * `pageCount` gives a source design's pages. Refused (a bad request in the platform's words): a page
 * that is not there, a page named twice, a design left without pages; past 500 pages: too large.
 */
export function mergedLayout(start: readonly PageRef[], operations: readonly MergeOperation[], pageCount: (designId: string) => number): PageRef[] {
  let layout = [...start];
  for (const operation of operations) {
    if (operation.type === "insert_pages") layout = inserted(layout, operation, pageCount);
    else if (operation.type === "move_pages") layout = moved(layout, operation);
    else layout = deleted(layout, operation);
  }
  if (layout.length === 0) throw invalid("Invalid operation: the design would have no pages left");
  return layout;
}

/** The designs an operation list names as sources. */
export function sourceDesignIds(operations: readonly MergeOperation[]): string[] {
  return [...new Set(operations.flatMap((operation) => (operation.type === "insert_pages" ? [operation.source.designId] : [])))];
}

export { invalid as invalidMerge };
