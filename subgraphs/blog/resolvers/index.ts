import { DateScalar, DateTimeResolver } from "../../../lib/graphql/scalars.js";
import type { Resolvers } from "../__generated__/resolvers-types.js";
import { adminBlogs } from "./Query/adminBlogs.js";
import { adminCommunityBlogs } from "./Query/adminCommunityBlogs.js";
import { blog } from "./Query/blog.js";
import { blogs } from "./Query/blogs.js";
import { communityBlog } from "./Query/communityBlog.js";
import { communityBlogs } from "./Query/communityBlogs.js";
import { myCommunityBlogs } from "./Query/myCommunityBlogs.js";
import { pendingBlogs } from "./Query/pendingBlogs.js";
import { adminDeleteCommunityBlog } from "./Mutation/adminDeleteCommunityBlog.js";
import { archiveCommunityBlog } from "./Mutation/archiveCommunityBlog.js";
import { createBlog } from "./Mutation/createBlog.js";
import { createCommunityBlog } from "./Mutation/createCommunityBlog.js";
import { deleteBlog } from "./Mutation/deleteBlog.js";
import { deleteCommunityBlog } from "./Mutation/deleteCommunityBlog.js";
import { promoteCommunityBlog } from "./Mutation/promoteCommunityBlog.js";
import { publishBlog } from "./Mutation/publishBlog.js";
import { reviewBlog } from "./Mutation/reviewBlog.js";
import { submitBlog } from "./Mutation/submitBlog.js";
import { unpublishBlog } from "./Mutation/unpublishBlog.js";
import { unverifyCommunityBlog } from "./Mutation/unverifyCommunityBlog.js";
import { updateBlog } from "./Mutation/updateBlog.js";
import { updateCommunityBlog } from "./Mutation/updateCommunityBlog.js";
import { verifyCommunityBlog } from "./Mutation/verifyCommunityBlog.js";
import { Blog } from "./Blog.js";
import { User } from "./User.js";

export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  Date: DateScalar,
  Query: { adminBlogs, adminCommunityBlogs, blog, blogs, communityBlog, communityBlogs, myCommunityBlogs, pendingBlogs },
  Mutation: {
    adminDeleteCommunityBlog,
    archiveCommunityBlog,
    createBlog,
    createCommunityBlog,
    deleteBlog,
    deleteCommunityBlog,
    promoteCommunityBlog,
    publishBlog,
    reviewBlog,
    submitBlog,
    unpublishBlog,
    unverifyCommunityBlog,
    updateBlog,
    updateCommunityBlog,
    verifyCommunityBlog,
  },
  Blog,
  User,
};
