import { defineConfig } from "prisma/config";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";

// The CLI is used only offline: `generate` and `migrate diff` (authoring migrations). It needs the
// datasource URL to resolve and an adapter to talk through; an in-memory PGlite serves both.
// Migrations are applied by `npm run db:migrate` (scripts/migrate.ts), never by the CLI.
process.env.PRISMA_DATASOURCE_URL ??= "postgresql://embedded/pglite";

export default defineConfig({
  experimental: { adapter: true },
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
  engine: "js",
  // Built against an older copy of Prisma's adapter types; the same contract at runtime.
  adapter: async () => new PrismaPGlite(new PGlite()) as never,
});
