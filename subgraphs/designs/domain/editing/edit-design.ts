import type { Design, Prisma } from "../../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../../lib/auth/design-principal.js";
import { DomainError, NotFoundError, TooManyRequestsError, ValidationError } from "../../../../lib/errors.js";
import { secondsToWait } from "../../../../lib/rate-limit.js";
import { isResourceId } from "../../../../lib/validation.js";
import type { DesignsContext } from "../../context.js";
import { PRESET_SIZES } from "../design-types.js";
import { checkContent, ContentLimitError, storedDesignContent } from "../content-budget.js";
import { ofTeam } from "../designs.js";
import { lockDesign } from "../page-copies.js";
import { DesignEditSession } from "./apply.js";
import { editBytesOf, keepHistoryWithin } from "./history.js";
import { operationOf, type Operation, type OperationInput } from "./operations.js";

export interface DesignEditResult {
  version: number;
  createdElementIds: string[];
  createdPageIds: string[];
  design: Design;
}

/** How long one edit's transaction may take (an edit of many operations on a busy database). */
const EDIT_TRANSACTION_MS = 15_000;

/** Marks an error as the `index`-th operation's (zero-based), for the client to point at it. */
function ofOperation(index: number, error: unknown): unknown {
  if (error instanceof DomainError) Object.assign(error.extensions, { operation: index });
  return error;
}

function checkedOperations(inputs: readonly OperationInput[], most: number): Operation[] {
  if (inputs.length === 0 || inputs.length > most) throw new ValidationError("operations", `an edit has 1 to ${most} operations`);
  return inputs.map((input, index) => {
    try {
      return operationOf(input);
    } catch (error) {
      throw ofOperation(index, error);
    }
  });
}

/** The size a page added without one gets: the preset's, or the design's first page's. */
async function defaultPageSize(tx: Prisma.TransactionClient, design: Design): Promise<{ width: number; height: number }> {
  if (design.typeKind === "preset" && design.preset) return PRESET_SIZES[design.preset];
  const first = await tx.designPage.findFirst({ where: { designId: design.id }, orderBy: { index: "asc" }, select: { width: true, height: true } });
  return first ?? PRESET_SIZES.presentation;
}

/**
 * Applies the operations to the team's design atomically, in order, as its next version: the design's
 * row is locked for the transaction, so concurrent edits each get their own version and none is lost.
 * The edit is recorded (what `designEdits` replays) and announced once it has committed.
 */
export async function editDesign(
  ctx: DesignsContext,
  principal: DesignPrincipal,
  request: { designId: string; operations: readonly OperationInput[]; baseVersion?: number | null },
): Promise<DesignEditResult> {
  const operations = checkedOperations(request.operations, ctx.limits.operationsPerEdit);
  const baseVersion = request.baseVersion ?? null;
  if (baseVersion !== null && (!Number.isInteger(baseVersion) || baseVersion < 0)) throw new ValidationError("baseVersion", "baseVersion must be a version of the design (0 or more)");
  ofTeam(isResourceId(request.designId) ? await ctx.loaders.designById.load(request.designId) : null, principal.teamId);
  const wait = await secondsToWait(ctx.editsPerDesign, request.designId);
  if (wait !== null) throw new TooManyRequestsError("This design is being edited too fast: try again shortly", { retryAfter: wait });

  const budgets = ctx.limits.content;
  const result = await ctx.db.$transaction(async (tx) => {
    await lockDesign(tx, request.designId);
    const design = await tx.design.findUnique({ where: { id: request.designId } });
    if (!design || design.teamId !== principal.teamId) throw new NotFoundError("Design not found", { entity: "design" });
    if (baseVersion !== null && baseVersion > design.version) throw new ValidationError("baseVersion", `baseVersion ${baseVersion} is after the design's version ${design.version}`);
    const version = design.version + 1;
    const edit = { design: { id: design.id, teamId: design.teamId, defaultSize: await defaultPageSize(tx, design) }, version, baseVersion, limits: ctx.limits };
    const session = await DesignEditSession.open(tx, edit, operations);
    for (const [index, operation] of operations.entries()) {
      try {
        await session.apply(operation);
      } catch (error) {
        throw ofOperation(index, error);
      }
    }
    await session.renumberPages();
    if (session.contentGrew) checkContent(await storedDesignContent(tx, design.id), budgets);
    const record = { operations: session.applied, changedElementIds: [...session.changedElementIds], removedElementIds: [...session.removedElementIds] };
    const bytes = editBytesOf(record);
    if (bytes > budgets.editBytes) throw new ContentLimitError("operations", `the edit would be recorded as ${bytes} bytes; an edit is at most ${budgets.editBytes}: split it into smaller edits`, "editBytes");
    const title = session.title === undefined ? {} : { title: session.title, titleKey: session.title.toLowerCase() };
    const updated = await tx.design.update({ where: { id: design.id }, data: { version, changedByUser: true, editBytesKept: { increment: bytes }, ...title } });
    await tx.designEdit.create({ data: { designId: design.id, version, authorId: principal.userId, ...record, operations: record.operations as Prisma.InputJsonValue, bytes } });
    await keepHistoryWithin(tx, design.id, version, updated.editBytesKept, budgets);
    return { version, createdElementIds: session.createdElementIds, createdPageIds: session.createdPageIds, design: updated };
  }, { timeout: EDIT_TRANSACTION_MS, maxWait: EDIT_TRANSACTION_MS });
  ctx.announcer.announce(request.designId, result.version);
  ctx.loaders.designById.clear(request.designId).prime(request.designId, result.design);
  return result;
}
