import type { PrismaClient } from "../../lib/db/database.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { Bus } from "../../lib/pubsub.js";
import type { ResizesLoaders } from "./loaders.js";

export interface ResizesDependencies {
  db: PrismaClient;
  bus: Bus;
  /** Where clients reach the deployment: the designs' edit and view URLs. */
  publicUrl: string;
  /** Signs the designs' view and edit links (the designs domain's key). */
  viewKey: Buffer;
}

export type ResizesContext = DomainContext<ResizesDependencies, ResizesLoaders>;
