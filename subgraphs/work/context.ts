import type { PrismaClient } from "../../lib/db/database.js";
import type { AuthState } from "../../lib/auth/request-auth.js";
import type { Logger } from "../../lib/logger.js";
import { createLoaders, type WorkLoaders } from "./loaders.js";

export interface WorkDependencies {
  db: PrismaClient;
  log: Logger;
}

export interface WorkContext extends WorkDependencies {
  auth: AuthState;
  loaders: WorkLoaders;
}

export function createContext(deps: WorkDependencies, auth: AuthState): WorkContext {
  return { ...deps, auth, loaders: createLoaders(deps.db) };
}
