import type { PrismaClient } from "../../lib/db/database.js";
import type { Logger } from "../../lib/logger.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { KeyStore } from "../../lib/auth/verification-keys.js";
import type { IdentityLoaders } from "./loaders.js";
import type { IdentitySettings } from "./settings.js";

export interface IdentityDependencies {
  db: PrismaClient;
  log: Logger;
  keys: KeyStore;
  /** Rules of integration registration (cap per owner, loopback redirect URIs). */
  integrations: IdentitySettings;
}

export type IdentityContext = DomainContext<IdentityDependencies, IdentityLoaders>;
