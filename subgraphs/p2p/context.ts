import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { Limiter } from "../../lib/rate-limit.js";
import type { P2pNode } from "./domain/node.js";
import type { P2pSettings } from "./settings.js";

export interface P2pDependencies {
  node: P2pNode;
  settings: P2pSettings;
  /** Dials asked for per client address. */
  dials: Limiter;
  /** Where content links point: the deployment's public URL. */
  publicUrl: string;
}

/** No per-request loaders: every field reads the node or one row. */
export type P2pLoaders = Record<string, never>;

export type P2pContext = DomainContext<P2pDependencies, P2pLoaders>;
