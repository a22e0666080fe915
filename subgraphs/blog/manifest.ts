import { defineManifest, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-manifest.js";

/** Official (SITE) blog posts with their review workflow, and community (USER) posts (the business platform's blog service). */
export default defineManifest({
  name: "blog",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  port: 4013,
  codegen: {
    context: "../context.js#BlogContext",
    mappers: { Blog: prismaModel("Blog"), User: ENTITY_REFERENCE },
  },
  settingDocs: [
    { names: ["BLOG_COMMUNITY_WRITES_PER_HOUR"], default: "`20`", meaning: "community blog posts each user may create or edit per hour; past it 429 with `Retry-After`" },
  ],
});
