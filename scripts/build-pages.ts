import { readCommandLine } from "../lib/process/command-line.js";
import { buildPages } from "../pages/build.js";

readCommandLine(`Usage: npm run build:pages

Builds what the platform serves under /pages/ into pages/dist/: the graph explorer and the job console
(pages/browser/) bundled with esbuild from the installed packages, the API docs (Swagger UI) among them.
\`npm run build\` runs it; run from its TypeScript sources, the platform builds them itself when
pages/dist/ is missing or older than its sources.`);

const started = performance.now();
await buildPages();
console.log(`pages built into pages/dist/ in ${Math.round(performance.now() - started)} ms`);
