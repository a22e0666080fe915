import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { visibleDesign } from "../../domain/designs.js";
import { exportFormatsOf } from "../../domain/export-formats.js";

export const designExportFormats: QueryResolvers["designExportFormats"] = async (_p, { designId }, ctx) =>
  exportFormatsOf(await visibleDesign(ctx, requireDesignPrincipal(ctx.auth), designId));
