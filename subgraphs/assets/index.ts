import { createDataRuntime } from "../../lib/runtime.js";
import { start } from "./server.js";

const runtime = await createDataRuntime(undefined, "assets");
await start(runtime.config.subgraphPorts.assets, runtime, runtime.config.host);
