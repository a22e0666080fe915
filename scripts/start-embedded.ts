import { loadConfig } from "../lib/config.js";
import { startEmbedded } from "../gateway/embedded.js";

const platform = await startEmbedded(loadConfig());
const { log } = platform.runtime;
log.info(
  {
    graphql: `${platform.main.url}/graphql`,
    rest: `${platform.main.url}/api/`,
    direct: Object.fromEntries(Object.entries(platform.direct).map(([name, server]) => [name, server.url])),
  },
  "platform ready",
);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log.info({ signal }, "shutting down");
    void platform.close().then(() => process.exit(0));
  });
}
