import { serveChild } from "../../../../lib/process/serve-child.js";
import type { PdfEvent, PdfJob } from "./budget.js";
import { drawPdfPages } from "./draw-pages.js";

serveChild<PdfJob, PdfEvent>(drawPdfPages);
