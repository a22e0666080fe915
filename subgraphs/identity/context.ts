import type { PrismaClient } from "../../lib/db/database.js";
import type { Logger } from "../../lib/logger.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { KeyStore } from "../../lib/auth/verification-keys.js";
import type { IdentityLoaders } from "./loaders.js";

export interface IdentityDependencies {
  db: PrismaClient;
  log: Logger;
  keys: KeyStore;
}

export type IdentityContext = DomainContext<IdentityDependencies, IdentityLoaders>;
