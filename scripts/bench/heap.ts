import { runInNewContext } from "node:vm";
import v8 from "node:v8";

v8.setFlagsFromString("--expose_gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** This thread's heap in use after two full garbage collections: what it keeps, not what it has yet to free. */
export function heapUsed(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}
