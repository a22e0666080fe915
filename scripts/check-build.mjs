// Loaded first (`--import`) by every start:prod* script and db:migrate:prod: the compiled platform they run must
// be there. Plain JavaScript, run from the package's folder (npm's working directory), outside dist/.
import { existsSync } from "node:fs";
import path from "node:path";

if (!existsSync(path.join(process.cwd(), "dist", "lib", "telemetry", "preload.js"))) {
  console.error("there is no build in dist/: run `npm run build` first (the start:prod scripts run the compiled platform)");
  process.exit(1);
}
