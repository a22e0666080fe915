import { defineDomain, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-module.js";
import { createLoaders } from "./loaders.js";
import { sweepBlankDesigns, SWEEP_BLANK_DESIGNS_EVERY_MS } from "./domain/housekeeping.js";
import { resolvers } from "./resolvers/index.js";
import { DESIGN_VIEW_KEY_PURPOSE } from "./public.js";
import type { DataRuntime } from "../../lib/runtime.js";
import type { DesignsDependencies } from "./context.js";
import { mountViewPages, VIEWS_PER_DESIGN_PER_MINUTE } from "./view-page.js";

function dependencies(runtime: DataRuntime): DesignsDependencies {
  return {
    db: runtime.db.prisma,
    log: runtime.log,
    publicUrl: runtime.config.publicUrl,
    continuationKey: runtime.keyFor("design-continuations"),
    files: runtime.files,
    viewKey: runtime.keyFor(DESIGN_VIEW_KEY_PURPOSE),
  };
}

/** Designs of a team: pages with a size and elements (images of assets, text, shapes) that later work renders. */
export default defineDomain({
  name: "designs",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  resolvers,
  port: 4006,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Query.designs": { operation: "listDesigns", perMinute: 100 },
    "Query.design": { operation: "getDesign", perMinute: 100 },
    "Query.designPages": { operation: "getDesignPages", perMinute: 100 },
    "Query.designExportFormats": { operation: "getDesignExportFormats", perMinute: 100 },
    "Mutation.createDesign": { operation: "createDesign", perMinute: 20 },
  },
  dependencies,
  /** The viewer the design's `urls` open (signed links, no API token); the gateway passes `/designs/…` through. */
  routes: (app, runtime) =>
    mountViewPages(app, dependencies(runtime), runtime.limiters({ name: "design-views", points: VIEWS_PER_DESIGN_PER_MINUTE, durationSeconds: 60 })),
  publicPaths: ["/designs"],
  sweeps: (runtime) => [{ name: "blank designs past their lifetime", everyMs: SWEEP_BLANK_DESIGNS_EVERY_MS, run: () => sweepBlankDesigns(runtime.db.prisma) }],
  loaders: ({ db }) => createLoaders(db),
  codegen: {
    context: "../context.js#DesignsContext",
    mappers: {
      Design: prismaModel("Design"),
      DesignOwner: prismaModel("Design", "DesignOwnerModel"),
      DesignPage: prismaModel("DesignPage"),
      DesignElement: prismaModel("DesignElement"),
      ImageElement: prismaModel("DesignElement", "ImageElementModel"),
      TextElement: prismaModel("DesignElement", "TextElementModel"),
      ShapeElement: prismaModel("DesignElement", "ShapeElementModel"),
      User: ENTITY_REFERENCE,
      Team: "../domain/references.js#KeyReference",
      Asset: "../domain/references.js#KeyReference",
    },
  },
});
