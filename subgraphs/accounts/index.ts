import { createDataRuntime } from "../../lib/runtime.js";
import { start } from "./server.js";

const runtime = await createDataRuntime(undefined, "accounts");
await start(runtime.config.subgraphPorts.accounts, runtime, runtime.config.host);
