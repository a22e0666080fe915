import type { UserResolvers } from "../__generated__/resolvers-types.js";
import { page } from "../domain/validation.js";

export const User: UserResolvers = {
  __resolveReference: (ref) => ({ id: ref.id }),
  /** Batched for every user of the request: only the posts on each user's page are read. */
  blogs: (user, { limit, offset }, ctx) => ctx.loaders.publishedBlogsByAuthor.load({ authorId: user.id, ...page(limit, offset) }),
};
