import type { UserResolvers } from "../__generated__/resolvers-types.js";
import { pageLimit, pageOffset } from "../domain/validation.js";

export const User: UserResolvers = {
  __resolveReference: (ref) => ({ id: ref.id }),
  questions: (user, { limit, offset }, ctx) => ctx.loaders.questionsByAuthor.load({ authorId: user.id, limit: pageLimit(limit), offset: pageOffset(offset) }),
};
