import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { JobHandler } from "../../../lib/jobs/engine.js";
import { PermanentJobError } from "../../../lib/jobs/errors.js";
import { DomainError } from "../../../lib/errors.js";
import { announceDesignEdit, commonDesignType, createDesignFromPages, lockDesign, replaceDesignPages, type ContentBudgets } from "../../designs/public.js";
import type { Bus } from "../../../lib/pubsub.js";
import { mergedLayout, sourceDesignIds } from "./layout.js";
import { DESIGN_MERGE, mergeDesigns, pagesOf, type MergeInput, type MergeResult } from "./merge-jobs.js";

/** Longest a merge into an existing design may hold its row (500 pages copied in one transaction). */
const MODIFY_TIMEOUT_MS = 60_000;

/** What no longer holds when the job runs (a design or page gone, operations that no longer fit) fails it with `code`. */
async function permanently<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw new PermanentJobError(code, error.message);
    throw error;
  }
}

const gone = (code: string) => (designId: string) => new PermanentJobError(code, `Design '${designId}' no longer exists`);

/** A new design, its id derived from the job's and written at once: a resumed job finds it instead of making another. */
async function createMerged(db: PrismaClient, jobId: string, ownerId: number, input: MergeInput, budgets: ContentBudgets): Promise<MergeResult> {
  const id = `DM${jobId}`;
  if (await db.design.findUnique({ where: { id }, select: { id: true } })) return { designId: id };
  const code = "create_design_error";
  const designs = await permanently(code, () => mergeDesigns(db, input.teamId, sourceDesignIds(input.operations), gone(code)));
  const pages = await permanently(code, async () => mergedLayout([], input.operations, (designId) => designs.get(designId)!.pageCount));
  const type = commonDesignType([...new Set(pages.map((page) => page.designId))].map((designId) => designs.get(designId)!));
  const made = await permanently(code, () => createDesignFromPages(db, { id, ownerId, teamId: input.teamId, title: input.title!, ...type, pages, keep: true, budgets }));
  if (!made) throw new PermanentJobError(code, "A page to merge no longer exists");
  return { designId: made.id };
}

/**
 * The existing design changed in one transaction that holds its row (merges of one design run one
 * after another, each on the pages the one before left) and records the job, so a resumed job that
 * already changed it does not change it again.
 */
function modifyExisting(db: PrismaClient, jobId: string, authorId: number, input: MergeInput, budgets: ContentBudgets): Promise<MergeResult & { version?: number }> {
  const code = "modify_design_error";
  const target = input.designId!;
  return db.$transaction(
    async (tx) => {
      const applied = await tx.designMerge.findUnique({ where: { jobId } });
      if (applied) return { designId: applied.designId };
      await lockDesign(tx, target);
      const designs = await permanently(code, () => mergeDesigns(tx, input.teamId, [target, ...sourceDesignIds(input.operations)], gone(code)));
      const pages = await permanently(code, async () => mergedLayout(pagesOf(designs.get(target)!), input.operations, (designId) => designs.get(designId)!.pageCount));
      const version = await permanently(code, () => replaceDesignPages(tx, { designId: target, teamId: input.teamId, authorId, title: input.title, pages, budgets }));
      if (version === false) throw new PermanentJobError(code, "A page to merge no longer exists");
      await tx.designMerge.create({ data: { jobId, designId: target } });
      return { designId: target, version };
    },
    { timeout: MODIFY_TIMEOUT_MS },
  );
}

/** The job kinds of the merges domain, for the workers. */
export function mergeJobHandlers(db: PrismaClient, bus: Bus, budgets: ContentBudgets): Record<string, JobHandler> {
  return {
    [DESIGN_MERGE]: async (job) => {
      const input = job.input as unknown as MergeInput;
      if (input.type === "create_new_design") return { designId: (await createMerged(db, job.id, job.ownerId, input, budgets)).designId } satisfies MergeResult;
      const { designId, version } = await modifyExisting(db, job.id, job.ownerId, input, budgets);
      if (version !== undefined) await announceDesignEdit(bus, designId, version);
      return { designId } satisfies MergeResult;
    },
  };
}
