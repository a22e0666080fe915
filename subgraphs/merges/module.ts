import { DESIGN_VIEW_KEY_PURPOSE, designContentBudgets } from "../designs/public.js";
import { defineDomain } from "../../lib/modules/domain-module.js";
import { sweepMergeRecords, SWEEP_MERGE_RECORDS_EVERY_MS } from "./domain/housekeeping.js";
import { mergeJobHandlers } from "./domain/job-handlers.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  dependencies: (runtime) => ({ db: runtime.db.prisma, bus: runtime.bus, log: runtime.log, files: runtime.files, publicUrl: runtime.config.publicUrl, viewKey: runtime.keyFor(DESIGN_VIEW_KEY_PURPOSE), designBudgets: designContentBudgets(runtime.config.settings) }),
  loaders: ({ db }) => createLoaders(db),
  jobs: (runtime) => mergeJobHandlers(runtime.db.prisma, runtime.bus, designContentBudgets(runtime.config.settings)),
  sweeps: (runtime) => [{ name: "merge records past use", everyMs: SWEEP_MERGE_RECORDS_EVERY_MS, run: () => sweepMergeRecords(runtime.db.prisma) }],
});
