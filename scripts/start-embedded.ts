import { boot } from "../lib/process/boot.js";
import { startEmbedded } from "../gateway/embedded.js";

await boot("platform", async (config, log) => {
  const platform = await startEmbedded(config);
  log.info(
    {
      node: process.version,
      graphql: `${platform.main.url}/graphql`,
      rest: `${platform.main.url}/api/`,
      direct: Object.fromEntries(Object.entries(platform.direct).map(([name, server]) => [name, server.url])),
    },
    "platform ready",
  );
  return platform;
});
