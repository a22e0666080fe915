import type DataLoader from "dataloader";
import type { Blog, PrismaClient } from "../../generated/prisma/client.js";
import { groupLoader, idLoader } from "../../lib/db/loaders.js";

export interface BlogLoaders {
  blogById: DataLoader<number, Blog | null>;
  /** Each author's published posts (both types), newest first. */
  publishedBlogsByAuthorId: DataLoader<number, Blog[]>;
}

/** Per-request batching: one `findMany` per kind of lookup, whatever the number of keys. */
export function createLoaders(db: PrismaClient): BlogLoaders {
  return {
    blogById: idLoader((args) => db.blog.findMany(args)),
    publishedBlogsByAuthorId: groupLoader((args) => db.blog.findMany(args), "authorId", {
      where: { status: "PUBLISHED" },
      orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    }),
  };
}
