import type { PrismaClient } from "../../lib/db/database.js";
import type { Logger } from "../../lib/logger.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { Bus } from "../../lib/pubsub.js";
import type { FileService } from "../../lib/storage/file-service.js";
import type { ContentBudgets } from "../designs/public.js";
import type { BrandTemplatesLoaders } from "./loaders.js";
import type { BrandTemplatesSettings } from "./settings.js";

export interface BrandTemplatesDependencies {
  db: PrismaClient;
  bus: Bus;
  log: Logger;
  settings: BrandTemplatesSettings;
  /** Where the designs' rendered thumbnails (templates', autofilled designs') are stored and signed. */
  files: FileService;
  /** Where clients reach the deployment: the base of view, create and edit URLs. */
  publicUrl: string;
  /** Signs the view and edit links of designs (the designs domain's key). */
  viewKey: Buffer;
  /** Signs the templates' create links. */
  createLinkKey: Buffer;
  /** Signs list continuations. */
  continuationKey: Buffer;
  /** What a design made from a template (a snapshot, a copy) may hold. */
  designBudgets: ContentBudgets;
}

export type BrandTemplatesContext = DomainContext<BrandTemplatesDependencies, BrandTemplatesLoaders>;
