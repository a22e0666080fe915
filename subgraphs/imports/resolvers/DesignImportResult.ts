import type { DesignImportResultResolvers } from "../__generated__/resolvers-types.js";
import type { DesignSummaryData } from "../../designs/public.js";

/** The designs still there, in the order the import made them (through the designs domain's summaries, batched). */
export const DesignImportResult: DesignImportResultResolvers = {
  designs: async (result, _a, ctx) => (await ctx.loaders.designSummaryById.loadMany(result.designIds)).filter((design): design is DesignSummaryData => design !== null && !(design instanceof Error)),
};
