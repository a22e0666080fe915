import { isStaff, requirePrincipal } from "../../../lib/auth/request-auth.js";
import type { ProjectResolvers } from "../__generated__/resolvers-types.js";

export const Project: ProjectResolvers = {
  __resolveReference: (ref) => ({ id: ref.id }),
  /** Staff see every invoice of the project; anyone else only their own. */
  invoices: async (project, _args, ctx) => {
    const principal = requirePrincipal(ctx.auth);
    const invoices = await ctx.loaders.invoicesByProjectId.load(project.id);
    return isStaff(principal) ? invoices : invoices.filter((invoice) => invoice.clientId === principal.userId);
  },
};
