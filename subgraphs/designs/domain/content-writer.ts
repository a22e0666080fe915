import { setImmediate as nextTurn } from "node:timers/promises";
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";

/** An element row of a page about to be written (its page is given by the page). */
export type NewElementRow = Omit<Prisma.DesignElementCreateManyInput, "pageId">;

/** A page about to be written, with its elements back to front. */
export interface NewPage {
  id: string;
  index: number;
  width: number;
  height: number;
  /** The design's version the page is written at (0 for a new design). */
  version?: number;
  elements: NewElementRow[];
}

/** The database content is written with: the client, or a transaction's. */
export type ContentWriter = Pick<PrismaClient, "design" | "designPage" | "designElement" | "designEdit">;

/** Most rows, and characters of text, one statement writes: a large design is written in steps, the event loop free between them. */
const ROWS_PER_STATEMENT = 250;
const TEXT_PER_STATEMENT = 250_000;

/** The elements in statements of at most `ROWS_PER_STATEMENT` rows and `TEXT_PER_STATEMENT` characters. */
function* statementsOf(rows: readonly Prisma.DesignElementCreateManyInput[]): Generator<Prisma.DesignElementCreateManyInput[]> {
  let batch: Prisma.DesignElementCreateManyInput[] = [];
  let text = 0;
  for (const row of rows) {
    const length = row.text?.length ?? 0;
    if (batch.length > 0 && (batch.length >= ROWS_PER_STATEMENT || text + length > TEXT_PER_STATEMENT)) {
      yield batch;
      batch = [];
      text = 0;
    }
    batch.push(row);
    text += length;
  }
  if (batch.length > 0) yield batch;
}

/**
 * Writes the pages of design `designId` and their elements in bounded statements, yielding to the event
 * loop between them: whatever a design holds, no statement and no step of the process is unbounded.
 * Meant for a transaction (the caller's), so the design is written whole or not at all.
 */
export async function writePages(db: ContentWriter, designId: string, pages: readonly NewPage[]): Promise<void> {
  for (let start = 0; start < pages.length; start += ROWS_PER_STATEMENT) {
    const rows = pages.slice(start, start + ROWS_PER_STATEMENT).map(({ elements: _elements, ...page }) => ({ ...page, designId }));
    await db.designPage.createMany({ data: rows });
  }
  const elements = pages.flatMap((page) => page.elements.map((element) => ({ ...element, pageId: page.id })));
  for (const statement of statementsOf(elements)) {
    await db.designElement.createMany({ data: statement });
    await nextTurn();
  }
}

/** How long writing a design's content may hold its transaction (the largest design a budget allows, on a busy database). */
const WRITE_TRANSACTION_MS = 60_000;

/** Runs `work` in a transaction of the client, or in the transaction `db` already is. */
export function inTransaction<T>(db: ContentWriter, work: (tx: ContentWriter) => Promise<T>): Promise<T> {
  const client = db as Partial<Pick<PrismaClient, "$transaction">>;
  if (typeof client.$transaction !== "function") return work(db);
  return (client as PrismaClient).$transaction((tx) => work(tx), { timeout: WRITE_TRANSACTION_MS, maxWait: WRITE_TRANSACTION_MS });
}

/** A new design row and its pages, written in one transaction in bounded steps. */
export async function writeDesign(db: ContentWriter, design: Prisma.DesignUncheckedCreateInput & { id: string }, pages: readonly NewPage[]): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.design.create({ data: design, select: { id: true } });
    await writePages(tx, design.id, pages);
  });
}
