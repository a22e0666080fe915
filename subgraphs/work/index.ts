import { createDataRuntime } from "../../lib/runtime.js";
import { start } from "./server.js";

const runtime = await createDataRuntime(undefined, "work");
await start(runtime.config.subgraphPorts.work, runtime, runtime.config.host);
