/**
 * Import rules between the project's folders (ARCHITECTURE.md "Layout"). Checked by
 * `npm run lint:deps`, by scripts/__tests__/boundaries.test.ts and in `.ci/run`.
 * Paths are relative to the repository root.
 */
module.exports = {
  forbidden: [
    {
      name: "lib-imports-nothing-above-it",
      comment:
        "lib/ is cross-cutting only: it imports nothing from the folders built on top of it. Its tests " +
        "(lib/**/__tests__/) may start the platform to show a lib rule holds end to end.",
      severity: "error",
      from: { path: "^lib/", pathNot: "/__tests__/" },
      to: { path: "^(subgraphs|gateway|rest-adapter|workers|platform|pages|scripts|examples)/" },
    },
    {
      name: "no-cross-domain-imports",
      comment:
        "A domain (subgraphs/<a>/) never reaches into another domain's code (subgraphs/<b>/) except that " +
        "domain's published interface (subgraphs/<b>/public.ts), and imports nothing from the files " +
        "directly under subgraphs/ (the registry); those files may import every domain.",
      severity: "error",
      from: { path: "^subgraphs/([^/]+)/", pathNot: "^subgraphs/__tests__/" },
      to: { path: "^subgraphs/", pathNot: "^subgraphs/($1/|[^/]+/public[.]ts$)" },
    },
    {
      name: "rest-adapter-not-gateway",
      comment:
        "The REST adapter runs operations against the graph over HTTP; it does not import the gateway. " +
        "Its tests (rest-adapter/**/__tests__/) may compose the graph the way the gateway does.",
      severity: "error",
      from: { path: "^rest-adapter/", pathNot: "/__tests__/" },
      to: { path: "^gateway/" },
    },
    {
      name: "pages-stand-on-lib",
      comment:
        "pages/ holds the platform's web pages (their HTML, headers and mounting, served by the gateway and the " +
        "REST adapter): it imports lib/ only, and what a server gives it (the graph's operations, OpenAPI documents). " +
        "pages/browser/ has a rule of its own (below).",
      severity: "error",
      from: { path: "^pages/", pathNot: "/__tests__/|^pages/browser/" },
      to: { path: "^(subgraphs|gateway|rest-adapter|workers|platform|scripts|testing|examples)/" },
    },
    {
      name: "browser-pages-import-packages-only",
      comment:
        "pages/browser/ is bundled for the browser: it imports installed packages and its own files, nothing of the server's, " +
        "except the design renderer (page-svg.ts, which needs no Node): the editor draws a page exactly as thumbnails do.",
      severity: "error",
      from: { path: "^pages/browser/" },
      to: { pathNot: "^(pages/browser/|node_modules/|subgraphs/designs/domain/render/page-svg[.]ts$)" },
    },
    {
      name: "examples-stand-alone",
      comment:
        "examples/<name>/ is what an integration's own code would be (the example integration): it imports Node, installed " +
        "packages and its own folder only, never the platform's code, so it shows all a client needs and runs against any " +
        "deployment. Command-line tools (scripts/) may use it; its tests may use the test fixtures.",
      severity: "error",
      from: { path: "^examples/([^/]+)/", pathNot: "/__tests__/" },
      to: { pathNot: "^(examples/$1/|node_modules/)", dependencyTypesNot: ["core"] },
    },
    {
      name: "platform-is-the-composition-root",
      comment:
        "platform/ assembles every domain, the gateway, the REST adapter and the workers into one process. " +
        "Only entry points (scripts/), the tests' fixtures (testing/) and tests start it; no part imports it.",
      severity: "error",
      from: { pathNot: "^(platform|scripts|testing)/|/__tests__/" },
      to: { path: "^platform/" },
    },
    {
      name: "no-unresolvable-imports",
      comment: "An import the checker cannot resolve would hide a dependency from every rule above.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^pages/dist/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    moduleSystems: ["es6", "cjs"],
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
