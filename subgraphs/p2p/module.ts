import { defineDomain } from "../../lib/modules/domain-module.js";
import type { P2pDependencies, P2pLoaders } from "./context.js";
import { P2pNode } from "./domain/node.js";
import { resolvers } from "./resolvers/index.js";
import { p2pSettings } from "./settings.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  settings: p2pSettings,
  dependencies: (runtime, settings): P2pDependencies => ({
    node: new P2pNode(runtime.db.prisma, settings, runtime.log),
    settings,
    dials: runtime.limiters({ name: "p2p-dials", points: settings.dialsPerMinute, durationSeconds: 60 }),
    publicUrl: runtime.config.publicUrl,
  }),
  loaders: (): P2pLoaders => ({}),
  start: ({ node }) => node.start(),
  stop: ({ node }) => node.stop(),
});
