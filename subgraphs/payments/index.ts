import { createDataRuntime } from "../../lib/runtime.js";
import { start } from "./server.js";

const runtime = await createDataRuntime(undefined, "payments");
await start(runtime.config.subgraphPorts.payments, runtime, runtime.config.host);
