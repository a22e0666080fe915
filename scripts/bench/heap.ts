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

/** Heap spaces of compiled code and bytecode, which V8 makes and flushes on its own schedule whatever the program keeps. */
const CODE_SPACES = /code|trusted|read_only/;

/** Like `heapUsed`, the heap's objects only: code compiled or flushed meanwhile does not blur what a few thousand objects weigh. */
export function objectHeapUsed(): number {
  collectGarbage();
  collectGarbage();
  return v8
    .getHeapSpaceStatistics()
    .filter((space) => !CODE_SPACES.test(space.space_name))
    .reduce((sum, space) => sum + space.space_used_size, 0);
}
