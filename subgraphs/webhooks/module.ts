import { keyStoreOf } from "../../lib/auth/design-token.js";
import { INTEGRATION_EVENT_JOB } from "../../lib/jobs/integration-events.js";
import { defineDomain } from "../../lib/modules/domain-module.js";
import { DESIGN_VIEW_KEY_PURPOSE } from "../designs/public.js";
import { deliveryHandler } from "./domain/delivery.js";
import { fanOutHandler } from "./domain/fan-out.js";
import { WEBHOOK_DELIVERY_JOB } from "./domain/schedule.js";
import { WEBHOOK_CHANGES_PER_MINUTE } from "./domain/owners.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { webhooksSettings } from "./settings.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  settings: webhooksSettings,
  dependencies: (runtime, settings) => ({
    db: runtime.db.prisma,
    bus: runtime.bus,
    settings,
    changes: runtime.limiters({ name: "webhook-changes", points: WEBHOOK_CHANGES_PER_MINUTE, durationSeconds: 60 }),
  }),
  loaders: ({ db }) => createLoaders(db),
  jobs: (runtime, settings) => ({
    [INTEGRATION_EVENT_JOB]: fanOutHandler(runtime.db.prisma, runtime.bus, settings, { publicUrl: runtime.config.publicUrl, viewKey: runtime.keyFor(DESIGN_VIEW_KEY_PURPOSE) }),
    [WEBHOOK_DELIVERY_JOB]: deliveryHandler({ db: runtime.db.prisma, settings, keys: keyStoreOf(runtime), log: runtime.log }),
  }),
  jobLanes: (_runtime, settings) => [{ kinds: [WEBHOOK_DELIVERY_JOB], workers: settings.workers }],
});
