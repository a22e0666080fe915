import { defineManifest, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-manifest.js";

/** Designs of a team: pages with a size and elements (images of assets, text, shapes) that later work renders. */
export default defineManifest({
  name: "designs",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  port: 4006,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Query.designs": { operation: "listDesigns", perMinute: 100 },
    "Query.design": { operation: "getDesign", perMinute: 100 },
    "Query.designPages": { operation: "getDesignPages", perMinute: 100 },
    "Query.designExportFormats": { operation: "getDesignExportFormats", perMinute: 100 },
    "Mutation.createDesign": { operation: "createDesign", perMinute: 20 },
    "Mutation.copyDesign": { operation: "createDesign", perMinute: 20 },
    "Mutation.createDesignFromBrandTemplate": { operation: "createDesign", perMinute: 20 },
  },
  publicPaths: ["/designs"],
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
