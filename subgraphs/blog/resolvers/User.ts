import type { UserResolvers } from "../__generated__/resolvers-types.js";
import { page } from "../domain/validation.js";

export const User: UserResolvers = {
  __resolveReference: (ref) => ({ id: ref.id }),
  /** One batched query for every user of the request; each user's page is cut from their published posts. */
  blogs: async (user, { limit, offset }, ctx) => {
    const { skip, take } = page(limit, offset);
    return (await ctx.loaders.publishedBlogsByAuthorId.load(user.id)).slice(skip, skip + take);
  },
};
