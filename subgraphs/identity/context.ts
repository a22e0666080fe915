import type { PrismaClient } from "../../lib/db/database.js";
import type { AuthState } from "../../lib/auth/request-auth.js";
import type { Logger } from "../../lib/logger.js";
import type { KeyStore } from "./domain/signing-keys.js";
import { createLoaders, type IdentityLoaders } from "./loaders.js";

export interface IdentityDependencies {
  db: PrismaClient;
  log: Logger;
  keys: KeyStore;
}

export interface IdentityContext extends IdentityDependencies {
  auth: AuthState;
  loaders: IdentityLoaders;
}

export function createContext(deps: IdentityDependencies, auth: AuthState): IdentityContext {
  return { ...deps, auth, loaders: createLoaders(deps.db) };
}
