import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { EmbeddedPlatform } from "../platform/embedded.js";
import { JOB_EVENTS, type JobEvent } from "../lib/jobs/engine.js";
import { designScopedToken } from "../testing/designs.js";
import type { HttpClient } from "../testing/http.js";
import type { People } from "../testing/people.js";
import { startWorkers } from "../workers/start.js";
import { DOMAINS } from "../subgraphs/registry.js";
import { designDrawing } from "../subgraphs/designs/public.js";
import { exportJobHandler } from "../subgraphs/exports/domain/export-job-handler.js";
import { normalizedFormat, type ExportFormatRequest } from "../subgraphs/exports/domain/export-format.js";
import { exportPlan } from "../subgraphs/exports/domain/export-plan.js";
import { exportsSettings } from "../subgraphs/exports/settings.js";
import { Settings } from "../lib/settings.js";
import type { Job } from "../generated/prisma/client.js";

const PAGES = 10;
const EXPORTS_PER_CASE = Number(process.env.BENCH_EXPORTS ?? 6);
const id = (prefix: string) => `${prefix}${randomBytes(8).toString("hex")}`;

/** A 10-page 1280×720 design of the client's team: on each page a coloured box, an ellipse and a line of text. */
async function tenPageDesign(platform: EmbeddedPlatform, people: People): Promise<string> {
  const db = platform.runtime.db.prisma;
  const { teamId } = await db.teamMembership.findUniqueOrThrow({ where: { userId: people.client.userId } });
  const designId = id("D");
  await db.design.create({
    data: {
      id: designId, title: "Bench deck", titleKey: "bench deck", ownerId: people.client.userId, teamId, typeKind: "custom", changedByUser: true,
      pages: {
        create: Array.from({ length: PAGES }, (_v, i) => ({
          id: id("P"), index: i + 1, width: 1280, height: 720,
          elements: {
            create: [
              { id: id("E"), kind: "shape", shape: "rect", fill: `#${(0x204080 + i * 0x101010).toString(16).slice(0, 6)}`, x: 0, y: 0, width: 640, height: 720, z: 0 },
              { id: id("E"), kind: "shape", shape: "ellipse", fill: "#e0a020", x: 760, y: 200, width: 400, height: 400, z: 1 },
              { id: id("E"), kind: "text", text: `Slide ${i + 1}\nQuarterly numbers`, fontSize: 56, color: "#ffffff", x: 40, y: 40, width: 560, height: 200, z: 2 },
            ],
          },
        })),
      },
    },
  });
  return designId;
}

/**
 * Exports per second of a 10-page design to PDF and to PNG, three ways side by side: the pages drawn
 * alone (no files assembled, no engine), the export job's handler called directly (drawn, encoded,
 * stored), and the whole way — REST `POST /v1/exports`, a worker claims it, the success event arrives.
 */
export async function benchExports(platform: EmbeddedPlatform, http: HttpClient, people: People): Promise<{ title: string; rows: Record<string, string | number>[] }> {
  // The user's team is made when they first authorize an integration: before the design is written.
  const firstToken = await designScopedToken(http, people, people.client);
  const designId = await tenPageDesign(platform, people);
  const { runtime } = platform;
  const settings = exportsSettings(new Settings({}));
  const handler = exportJobHandler({ db: runtime.db.prisma, files: runtime.files, log: runtime.log, settings });
  const teamId = (await runtime.db.prisma.design.findUniqueOrThrow({ where: { id: designId } })).teamId;
  const finished = new Map<string, () => void>();
  const unsubscribe = await runtime.bus.subscribe(JOB_EVENTS, (event: JobEvent) => {
    if (event.status !== "in_progress") finished.get(event.id)?.();
  });
  const workers = await startWorkers(runtime, 1, DOMAINS);
  const rows: Record<string, string | number>[] = [];
  for (const request of [{ type: "pdf" }, { type: "png" }] as ExportFormatRequest[]) {
    const format = normalizedFormat(request);
    const pagesDrawn = async () => {
      const drawing = (await designDrawing({ db: runtime.db.prisma, files: runtime.files, log: runtime.log, render: settings.render }, designId))!;
      const plan = exportPlan(format, drawing.pages, settings);
      for (const [index, page] of drawing.pages.entries()) {
        const drawn = await drawing.draw(page, plan.targets[index]);
        await drawn.image.png().toBuffer().finally(drawn.done);
      }
    };
    const handlerAlone = async () => {
      const job = { id: id("J"), input: { designId, teamId, format, pages: Array.from({ length: PAGES }, (_v, i) => i + 1) } } as unknown as Job;
      await handler(job, new AbortController().signal);
    };
    const token = request.type === "pdf" ? firstToken : await designScopedToken(http, people, people.client);
    const throughEngine = async () => {
      const created = await http.post("/v1/exports", { design_id: designId, format: request }, { token });
      if (created.status !== 200) throw new Error(`POST /v1/exports: ${created.status} ${created.text}`);
      if (created.body.job.status !== "in_progress") return;
      await new Promise<void>((resolve) => finished.set(created.body.job.id, resolve));
    };
    const cases = [
      ["pages drawn (no files, no engine)", pagesDrawn],
      ["export handler called directly", handlerAlone],
      ["REST → job engine → worker → event", throughEngine],
    ] as const;
    let baseline = 0;
    for (const [name, run] of cases) {
      await run(); // warm-up
      const start = performance.now();
      for (let i = 0; i < EXPORTS_PER_CASE; i++) await run();
      const seconds = (performance.now() - start) / 1000;
      baseline ||= seconds;
      rows.push({ format: request.type, case: name, "exports/s": (EXPORTS_PER_CASE / seconds).toFixed(2), "ms per export": ((seconds * 1000) / EXPORTS_PER_CASE).toFixed(0), "time vs drawn": (seconds / baseline).toFixed(2) });
    }
  }
  await workers.stop();
  await unsubscribe();
  const title = `Exports of a ${PAGES}-page design (1280×720 pages), one at a time, one worker: the pages drawn alone, the job's handler alone, and the whole way`;
  console.log(`\n${title}`);
  console.table(rows);
  return { title, rows };
}
