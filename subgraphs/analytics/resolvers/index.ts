import { DateTimeResolver } from "../../../lib/graphql/scalars.js";
import type { Resolvers } from "../__generated__/resolvers-types.js";
import { designAnalytics } from "./Query/designAnalytics.js";
import { designAnalyticsLinks } from "./Query/designAnalyticsLinks.js";
import { designAnalyticsPageViews } from "./Query/designAnalyticsPageViews.js";
import { designAnalyticsViewers } from "./Query/designAnalyticsViewers.js";
import { designAnalyticsViewsOverTime } from "./Query/designAnalyticsViewsOverTime.js";
import { Design } from "./Design.js";
import { DesignViewer } from "./DesignViewer.js";

export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  Query: { designAnalytics, designAnalyticsViewers, designAnalyticsViewsOverTime, designAnalyticsPageViews, designAnalyticsLinks },
  Design,
  DesignViewer,
};
