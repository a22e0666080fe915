import type { PrismaClient } from "../../lib/db/database.js";
import type { AuthState } from "../../lib/auth/request-auth.js";
import type { BusinessTokenService } from "../../lib/auth/business-token.js";
import type { Config } from "../../lib/config.js";
import type { Logger } from "../../lib/logger.js";
import type { Limiter } from "../../lib/rate-limit.js";
import { createLoaders, type AccountsLoaders } from "./loaders.js";

/** Long-lived parts shared by every request of the accounts subgraph. */
export interface AccountsDependencies {
  db: PrismaClient;
  tokens: BusinessTokenService;
  signIn: Config["blockchainSignIn"];
  log: Logger;
  limits: AccountsLimits;
}

export interface AccountsLimits {
  /** Failed logins per email or address. */
  loginFailures: Limiter;
  /** Sign-in challenges issued per address. */
  challenges: Limiter;
}

export interface AccountsContext extends AccountsDependencies {
  auth: AuthState;
  loaders: AccountsLoaders;
}

export function createContext(deps: AccountsDependencies, auth: AuthState): AccountsContext {
  return { ...deps, auth, loaders: createLoaders(deps.db) };
}
