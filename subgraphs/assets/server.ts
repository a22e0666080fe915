import { loadTypeDefs, startSubgraph } from "../../lib/graphql/subgraph-server.js";
import { designSubgraphSchema, type DesignRateTable } from "../../lib/graphql/design-rate-limits.js";
import type { LimiterFactory } from "../../lib/rate-limit.js";
import type { DataRuntime } from "../../lib/runtime.js";
import { designTokenVerifier } from "../identity/domain/oauth/access-tokens.js";
import { createContext } from "./context.js";
import { mountBlobRoutes } from "./http-routes.js";
import { resolvers } from "./resolvers/index.js";

export const name = "assets";
export const typeDefs = loadTypeDefs(new URL("./schema.graphql", import.meta.url));

/** The documented limits per integration and user, per minute. */
export const ASSET_RATE_LIMITS: DesignRateTable = {
  "Query.asset": { operation: "getAsset", perMinute: 100 },
  "Query.assetUploadJob": { operation: "getAssetUploadJob", perMinute: 180 },
  "Query.urlAssetUploadJob": { operation: "getUrlAssetUploadJob", perMinute: 180 },
  "Mutation.requestAssetUpload": { operation: "createAssetUploadJob", perMinute: 30 },
  "Mutation.createUrlAssetUploadJob": { operation: "createUrlAssetUploadJob", perMinute: 30 },
  "Mutation.updateAsset": { operation: "updateAsset", perMinute: 30 },
  "Mutation.deleteAsset": { operation: "deleteAsset", perMinute: 30 },
};

/** The served schema: scopes enforced, rate limits counted with `limiters`. */
export const schema = (limiters: LimiterFactory) => designSubgraphSchema(typeDefs, resolvers, ASSET_RATE_LIMITS, limiters);

/**
 * Serves the assets subgraph on `port` (0 picks a free one), with the signed blob and upload routes.
 * Design-platform access tokens are checked like the identity subgraph does (keys and revocations
 * of the shared database).
 */
export function start(port: number, runtime: DataRuntime, host?: string) {
  const deps = { db: runtime.db.prisma, log: runtime.log, bus: runtime.bus, signedUrls: runtime.signedUrls };
  const blobRoutes = { db: runtime.db.prisma, blobs: runtime.blobs, signedUrls: runtime.signedUrls, maxBytes: runtime.config.assets.maxBytes };
  return startSubgraph({
    name,
    schema: schema(runtime.limiters),
    runtime,
    port,
    host,
    context: (auth, request) => createContext(deps, auth, request.subscriptionEvent),
    designTokens: designTokenVerifier(runtime),
    routes: (app) => mountBlobRoutes(app, blobRoutes),
  });
}
