import { NotFoundError, ValidationError } from "../../../../lib/errors.js";
import { isResourceId } from "../../../../lib/validation.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { publishedKeys } from "../../domain/signing-keys.js";

export const appSigningKeys: QueryResolvers["appSigningKeys"] = async (_p, { appId }, ctx) => {
  if (!isResourceId(appId)) throw new ValidationError("appId", "appId must match ^[a-zA-Z0-9_-]{1,50}$");
  if (!(await ctx.db.oAuthClient.findUnique({ where: { id: appId } }))) throw new NotFoundError("App not found");
  return publishedKeys(ctx.keys, "app", appId) as never;
};
