import { defineManifest, prismaModel } from "../../lib/modules/domain-manifest.js";
import { jobSubscription } from "../../lib/modules/subscriptions.js";

/** Files (sent or at a URL) read into new designs by durable jobs clients follow live. */
export default defineManifest({
  name: "imports",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  declaresJobs: true,
  port: 4007,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Mutation.requestDesignImport": { operation: "createDesignImportJob", perMinute: 20 },
    "Query.designImportJob": { operation: "getDesignImportJob", perMinute: 120 },
    "Mutation.createUrlImportJob": { operation: "createUrlImportJob", perMinute: 20 },
    "Query.urlImportJob": { operation: "getUrlImportJob", perMinute: 120 },
  },
  subscriptions: [jobSubscription("designImportJob"), jobSubscription("urlImportJob")],
  codegen: {
    context: "../context.js#ImportsContext",
    mappers: {
      DesignImportJob: prismaModel("Job"),
      UrlImportJob: prismaModel("Job", "UrlJobModel"),
      DesignImportResult: "../domain/import-jobs.js#ImportResult",
      ImportedDesignSummary: "../../designs/public.js#DesignSummaryData",
    },
  },
  settingDocs: [
    { names: ["IMPORT_MAX_BYTES"], default: "`100mb`", meaning: "largest file an import reads (sent or fetched); more fails the job with `invalid_file`, saying the file is too big" },
    { names: ["IMPORT_MAX_PAGES"], default: "`500`", meaning: "most pages (PDF pages, slides) one import may have; more fails the job with `invalid_file`" },
    { names: ["IMPORT_MAX_ELEMENTS_PER_PAGE"], default: "`1000`", meaning: "most text boxes one slide becomes; more fails the import with `invalid_file`" },
    { names: ["IMPORT_MAX_ELEMENTS"], default: "`5000`", meaning: "most text boxes a whole presentation becomes (every one is a stored design element); more fails the import with `invalid_file`" },
    { names: ["IMPORT_ZIP_MAX_ENTRIES"], default: "`10000`", meaning: "most entries in a PPTX archive's central directory; more fails the import with `invalid_file` before anything is inflated" },
    { names: ["IMPORT_ZIP_MAX_PART_BYTES"], default: "`8mb`", meaning: "largest part read from a PPTX, declared and actually inflated (counted as it inflates); more: `invalid_file`" },
    { names: ["IMPORT_ZIP_MAX_INFLATED_BYTES"], default: "`64mb`", meaning: "inflated bytes of all the parts one PPTX import reads; more: `invalid_file`" },
    { names: ["IMPORT_PDF_MAX_IMAGE_PIXELS"], default: "`16000000`", meaning: "most pixels one image in a PDF may declare; a page holding a larger one fails the import with `invalid_file` (the image is never decoded)" },
    { names: ["IMPORT_PDF_MAX_PAGE_PIXELS"], default: "`400000000`", meaning: "largest PDF page (width × height in design pixels); a larger one fails the import with `invalid_file`" },
    { names: ["IMPORT_PDF_RENDER_PIXELS"], default: "`16000000`", meaning: "most pixels one PDF page is drawn at; a larger page is drawn at a smaller scale" },
    { names: ["IMPORT_PDF_MAX_TOTAL_PIXELS"], default: "`1000000000`", meaning: "most pixels one PDF import draws in all, checked before the first page is drawn; more: `invalid_file`" },
    { names: ["IMPORT_DECODER_MAX_MEMORY"], default: "`768mb`", meaning: "resident memory of the process that reads one PDF (pdf.js runs outside the platform's process); past it the process is ended and the import fails with `invalid_file`" },
    { names: ["IMPORT_DECODER_TIMEOUT_MS"], default: "`300000`", meaning: "time the PDF decoder process has for one file; past it, ended: `invalid_file`" },
  ],
});
