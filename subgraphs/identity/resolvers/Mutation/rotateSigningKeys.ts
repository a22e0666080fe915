import { requireCaller, requireRole } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { rotateKey } from "../../domain/signing-keys.js";

export const rotateSigningKeys: MutationResolvers["rotateSigningKeys"] = async (_p, _a, ctx) => {
  const caller = requireCaller(ctx.auth);
  if (!caller.operator) requireRole(caller.roles, "SUPERUSER");
  const rotated = [];
  for (const purpose of ["oidc", "webhook"] as const) rotated.push((await rotateKey(ctx.keys, purpose)).publicJwk);
  return rotated as never;
};
