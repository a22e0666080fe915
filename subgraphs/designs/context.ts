import type { PrismaClient } from "../../lib/db/database.js";
import type { Logger } from "../../lib/logger.js";
import type { Limiter } from "../../lib/rate-limit.js";
import type { FileService } from "../../lib/storage/file-service.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { EditAnnouncer } from "./domain/editing/announcer.js";
import type { ViewersAnnouncer } from "./domain/editing/presence.js";
import type { RenderSettings } from "./domain/render/render-settings.js";
import type { DesignsLoaders } from "./loaders.js";
import type { DesignsSettings } from "./settings.js";

export interface DesignsDependencies {
  db: PrismaClient;
  log: Logger;
  /** Where clients reach the deployment: the base of design edit and view URLs. */
  publicUrl: string;
  /** Signs list continuations (derived from the deployment's secret). */
  continuationKey: Buffer;
  /** Where rendered thumbnails are stored and how their signed URLs are made. */
  files: FileService;
  /** Signs view links (derived from the deployment's secret). */
  viewKey: Buffer;
  limits: DesignsSettings;
  /** What drawing a page may spend (`DESIGN_RENDER_*`): thumbnails and the viewer. */
  render: RenderSettings;
  /** Edits one design accepts a minute, whoever sends them. */
  editsPerDesign: Limiter;
  /** Announces accepted edits on the bus, in version order. */
  announcer: EditAnnouncer;
  /** Announces on the bus that who has a design's editor open changed. */
  announceViewers: ViewersAnnouncer;
}

export type DesignsContext = DomainContext<DesignsDependencies, DesignsLoaders>;
