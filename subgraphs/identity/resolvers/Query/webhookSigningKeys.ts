import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { publishedKeys } from "../../domain/signing-keys.js";

export const webhookSigningKeys: QueryResolvers["webhookSigningKeys"] = (_p, _a, ctx) => publishedKeys(ctx.keys, "webhook") as never;
