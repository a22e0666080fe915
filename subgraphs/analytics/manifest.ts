import { defineManifest } from "../../lib/modules/domain-manifest.js";

/** Views of designs through their signed links, counted once per viewer and minute, reported per design (plans holding `analytics`). */
export default defineManifest({
  name: "analytics",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  port: 4018,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Query.designAnalytics": { operation: "getDesignAnalytics", perMinute: 100 },
    "Query.designAnalyticsViewers": { operation: "getDesignAnalyticsViewers", perMinute: 100 },
    "Query.designAnalyticsViewsOverTime": { operation: "getDesignAnalyticsViewsOverTime", perMinute: 100 },
    "Query.designAnalyticsPageViews": { operation: "getDesignAnalyticsPageViews", perMinute: 100 },
    "Query.designAnalyticsLinks": { operation: "getDesignAnalyticsLinks", perMinute: 100 },
  },
  codegen: {
    context: "../context.js#AnalyticsContext",
    mappers: {
      Design: "../domain/design-access.js#DesignKey",
      DesignViewer: "../domain/viewers.js#ViewerRow",
    },
  },
});
