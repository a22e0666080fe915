import { createDataRuntime } from "../../lib/runtime.js";
import { start } from "./server.js";

const runtime = await createDataRuntime(undefined, "identity");
await start(runtime.config.subgraphPorts.identity, runtime, runtime.config.host);
