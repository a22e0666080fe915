import type { Prisma } from "../../../generated/prisma/client.js";
import { ValidationError } from "../../../lib/errors.js";
import type { Settings } from "../../../lib/settings.js";

/**
 * What one design may hold and what its edit history may weigh: checked when content is written (an
 * edit, a copy, a merge, an import), so that every later read, copy and render of a design is bounded.
 */
export interface ContentBudgets {
  /** Most elements of all its pages together. */
  elementsPerDesign: number;
  /** Most characters of text of all its pages together. */
  textPerDesign: number;
  /** Most characters of text on one page. */
  textPerPage: number;
  /** Most lines of text on one page (a text box's lines are its line breaks plus one). */
  textLinesPerPage: number;
  /** Most bytes one recorded edit weighs (its operations and element ids as JSON). */
  editBytes: number;
  /** Most bytes a design's kept edits weigh together: older edits are forgotten past it. */
  historyBytes: number;
  /** Most bytes of edits one `designEdits` answer carries (at least one edit); the rest is asked for from the last version given. */
  editsPageBytes: number;
  /** Most bytes of edits one request's answer carries, every `designEdits` and `designChanged` of it together. */
  editsAnswerBytes: number;
}

/** The budgets as configured (documented in the designs manifest's `settingDocs`). */
export function contentBudgets(settings: Settings): ContentBudgets {
  return {
    elementsPerDesign: settings.positiveInt("DESIGN_ELEMENTS_MAX", 10_000),
    textPerDesign: settings.positiveInt("DESIGN_TEXT_MAX", 2_000_000),
    textPerPage: settings.positiveInt("DESIGN_PAGE_TEXT_MAX", 100_000),
    textLinesPerPage: settings.positiveInt("DESIGN_PAGE_TEXT_LINES_MAX", 2_000),
    editBytes: settings.byteSize("DESIGN_EDIT_BYTES_MAX", "256kb"),
    historyBytes: settings.byteSize("DESIGN_HISTORY_BYTES_MAX", "8mb"),
    editsPageBytes: settings.byteSize("DESIGN_EDITS_PAGE_BYTES", "1mb"),
    editsAnswerBytes: settings.byteSize("DESIGN_EDITS_ANSWER_BYTES", "4mb"),
  };
}

/** What one page holds: elements, and characters and lines of text. */
export interface PageContent {
  elements: number;
  text: number;
  lines: number;
}

export const NO_CONTENT: PageContent = { elements: 0, text: 0, lines: 0 };

/** The lines a text box draws: its line breaks plus one. */
export function linesOf(text: string): number {
  let lines = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines++;
  return lines;
}

/** What an element adds to its page. */
export function contentOf(element: { text?: string | null }): PageContent {
  const text = element.text ?? null;
  return text === null ? { elements: 1, text: 0, lines: 0 } : { elements: 1, text: text.length, lines: linesOf(text) };
}

/** The refusal of content past a budget: `BAD_USER_INPUT` with `reason` `DESIGN_CONTENT_LIMIT` and the budget's name. */
export class ContentLimitError extends ValidationError {
  constructor(field: string, message: string, budget: keyof ContentBudgets) {
    super(field, message);
    Object.assign(this.extensions, { reason: "DESIGN_CONTENT_LIMIT", budget });
  }
}

/**
 * What is wrong with a design of these pages (each page's content), or null: more elements or text
 * than a design holds, or a page with more text or lines than a page holds.
 */
export function contentProblem(pages: readonly PageContent[], budgets: ContentBudgets): ContentLimitError | null {
  let elements = 0;
  let text = 0;
  for (const [index, page] of pages.entries()) {
    if (page.text > budgets.textPerPage) return new ContentLimitError("text", `page ${index + 1} would hold ${page.text} characters of text; a page holds at most ${budgets.textPerPage}`, "textPerPage");
    if (page.lines > budgets.textLinesPerPage) return new ContentLimitError("text", `page ${index + 1} would hold ${page.lines} lines of text; a page holds at most ${budgets.textLinesPerPage}`, "textLinesPerPage");
    elements += page.elements;
    text += page.text;
  }
  if (elements > budgets.elementsPerDesign) return new ContentLimitError("elements", `the design would hold ${elements} elements; a design holds at most ${budgets.elementsPerDesign}`, "elementsPerDesign");
  if (text > budgets.textPerDesign) return new ContentLimitError("text", `the design would hold ${text} characters of text; a design holds at most ${budgets.textPerDesign}`, "textPerDesign");
  return null;
}

/** Throws the first problem of a design of these pages. */
export function checkContent(pages: readonly PageContent[], budgets: ContentBudgets): void {
  const problem = contentProblem(pages, budgets);
  if (problem) throw problem;
}

/** The content of new pages about to be written (their element rows). */
export function contentOfPages(pages: readonly { elements: readonly { text?: string | null }[] }[]): PageContent[] {
  return pages.map((page) => {
    const total = { ...NO_CONTENT };
    for (const element of page.elements) {
      const added = contentOf(element);
      total.elements += added.elements;
      total.text += added.text;
      total.lines += added.lines;
    }
    return total;
  });
}

type Reader = Pick<Prisma.TransactionClient, "$queryRaw">;

/** What each stored page holds, by page id (pages without elements are absent): counted by the database, no element read. */
export async function storedPageContent(db: Reader, pageIds: readonly string[]): Promise<Map<string, PageContent>> {
  if (pageIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ pageId: string; elements: number; text: number; lines: number }[]>`
    SELECT "pageId", count(*)::int AS elements,
      coalesce(sum(length(text)), 0)::int AS text,
      coalesce(sum(length(text) - length(replace(text, E'\n', '')) + 1), 0)::int AS lines
    FROM design_elements WHERE "pageId" = ANY(${[...new Set(pageIds)]}::text[]) GROUP BY "pageId"`;
  return new Map(rows.map(({ pageId, ...content }) => [pageId, content]));
}

/** What the design's stored pages hold, in page order. */
export async function storedDesignContent(db: Reader, designId: string): Promise<PageContent[]> {
  return db.$queryRaw<PageContent[]>`
    SELECT count(e.id)::int AS elements,
      coalesce(sum(length(e.text)), 0)::int AS text,
      coalesce(sum(length(e.text) - length(replace(e.text, E'\n', '')) + 1), 0)::int AS lines
    FROM design_pages AS p LEFT JOIN design_elements AS e ON e."pageId" = p.id
    WHERE p."designId" = ${designId} GROUP BY p.id, p.index ORDER BY p.index`;
}
