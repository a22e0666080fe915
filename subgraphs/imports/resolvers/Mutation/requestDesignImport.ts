import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { requestImportUpload } from "../../domain/uploads.js";

export const requestDesignImport: MutationResolvers["requestDesignImport"] = (_p, { title, mimeType }, ctx) =>
  requestImportUpload(ctx, requireDesignPrincipal(ctx.auth), { title, mimeType });
