import type { PrismaClient } from "../../lib/db/database.js";
import type { AuthState } from "../../lib/auth/request-auth.js";
import type { Logger } from "../../lib/logger.js";
import type { Bus } from "../../lib/pubsub.js";
import type { SignedUrls } from "../../lib/storage/signed-urls.js";
import { createLoaders, type AssetsLoaders } from "./loaders.js";

export interface AssetsDependencies {
  db: PrismaClient;
  log: Logger;
  bus: Bus;
  signedUrls: SignedUrls;
}

export interface AssetsContext extends AssetsDependencies {
  auth: AuthState;
  loaders: AssetsLoaders;
  /** The gateway re-reading a job for its subscribers: not counted against the caller's rate limits. */
  subscriptionEvent: boolean;
}

export function createContext(deps: AssetsDependencies, auth: AuthState, subscriptionEvent = false): AssetsContext {
  return { ...deps, auth, subscriptionEvent, loaders: createLoaders(deps.db) };
}
