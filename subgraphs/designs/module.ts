import { defineDomain } from "../../lib/modules/domain-module.js";
import { createLoaders } from "./loaders.js";
import { sweepBlankDesigns, SWEEP_BLANK_DESIGNS_EVERY_MS } from "./domain/housekeeping.js";
import { resolvers } from "./resolvers/index.js";
import { DESIGN_VIEW_KEY_PURPOSE } from "./public.js";
import type { DataRuntime } from "../../lib/runtime.js";
import type { DesignsDependencies } from "./context.js";
import { mountViewPages, VIEWS_PER_DESIGN_PER_MINUTE } from "./view-page.js";
import manifest from "./manifest.js";
import { designsSettings, type DesignsSettings } from "./settings.js";
import { renderSettings, type RenderSettings } from "./domain/render/render-settings.js";
import type { Settings } from "../../lib/settings.js";
import { EditAnnouncer } from "./domain/editing/announcer.js";
import { pruneEdits, PRUNE_EDITS_EVERY_MS } from "./domain/editing/history.js";
import { sweepLapsedViewers, sweepLapsedViewersEveryMs, viewersAnnouncer } from "./domain/editing/presence.js";
import { recordDesignView, VIEW_ANALYTICS_KEY_PURPOSE, type ServedView } from "../analytics/public.js";

/** The domain's settings (settings.ts) and, apart, the render budget (domain/render/render-settings.ts). */
const moduleSettings = (settings: Settings): DesignsSettings & { render: RenderSettings } => ({ ...designsSettings(settings), render: renderSettings(settings) });

function dependencies(runtime: DataRuntime, { render, ...limits }: ReturnType<typeof moduleSettings>): DesignsDependencies {
  return {
    db: runtime.db.prisma,
    log: runtime.log,
    publicUrl: runtime.config.publicUrl,
    continuationKey: runtime.keyFor("design-continuations"),
    files: runtime.files,
    viewKey: runtime.keyFor(DESIGN_VIEW_KEY_PURPOSE),
    limits,
    render,
    editsPerDesign: runtime.limiters({ name: "design-edits", points: limits.editsPerDesignPerMinute, durationSeconds: 60 }),
    announcer: new EditAnnouncer(runtime.bus, runtime.log),
    announceViewers: viewersAnnouncer(runtime.bus, runtime.log),
  };
}

export default defineDomain(manifest, {
  resolvers,
  settings: moduleSettings,
  dependencies,
  /** The viewer the design's `urls` open (signed links, no API token); the gateway passes `/designs/…` through. */
  routes: (app, runtime, limits) => {
    const analyticsKey = runtime.keyFor(VIEW_ANALYTICS_KEY_PURPOSE);
    const viewer = { ...dependencies(runtime, limits), internalCalls: runtime.internalCalls, recordView: (view: ServedView) => recordDesignView(runtime.db.prisma, analyticsKey, view) };
    // One budget per link: anonymous views of the view link never close the team's edit link.
    mountViewPages(app, viewer, {
      view: runtime.limiters({ name: "design-views", points: VIEWS_PER_DESIGN_PER_MINUTE, durationSeconds: 60 }),
      edit: runtime.limiters({ name: "design-edit-links", points: VIEWS_PER_DESIGN_PER_MINUTE, durationSeconds: 60 }),
    });
  },
  sweeps: (runtime, limits) => [
    { name: "blank designs past their lifetime", everyMs: SWEEP_BLANK_DESIGNS_EVERY_MS, run: () => sweepBlankDesigns({ db: runtime.db.prisma, files: runtime.files }) },
    { name: "design edits past their keeping", everyMs: PRUNE_EDITS_EVERY_MS, run: () => pruneEdits(runtime.db.prisma) },
    {
      name: "design editor sessions past their lease",
      everyMs: sweepLapsedViewersEveryMs(limits.viewerLeaseSeconds),
      run: () => sweepLapsedViewers(runtime.db.prisma, viewersAnnouncer(runtime.bus, runtime.log)),
    },
  ],
  loaders: ({ db, limits }) => createLoaders(db, limits.content.editsAnswerBytes),
});
