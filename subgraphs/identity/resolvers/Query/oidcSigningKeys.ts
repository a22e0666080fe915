import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { publishedKeys } from "../../domain/signing-keys.js";

export const oidcSigningKeys: QueryResolvers["oidcSigningKeys"] = (_p, _a, ctx) => publishedKeys(ctx.keys, "oidc") as never;
