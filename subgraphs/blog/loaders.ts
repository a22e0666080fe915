import DataLoader from "dataloader";
import { Prisma, type Blog, type PrismaClient } from "../../generated/prisma/client.js";
import { groupByKey } from "../../lib/db/group-by-key.js";
import { sharedIdLoader } from "../../lib/db/loaders.js";

/** One page of one author's published posts. */
export interface AuthorPage {
  authorId: number;
  skip: number;
  take: number;
}

export interface BlogLoaders {
  blogById: DataLoader<number, Blog | null>;
  /** A page of each author's published posts (both types), most recently published first. */
  publishedBlogsByAuthor: DataLoader<AuthorPage, Blog[], string>;
}

const pageKey = (page: AuthorPage) => `${page.authorId}:${page.skip}:${page.take}`;

/**
 * Pages of several authors' published posts: per distinct page size and offset, one query that ranks
 * each author's posts and reads only those on the pages, whatever the number of authors or of their posts.
 */
function publishedPagesLoader(db: PrismaClient): DataLoader<AuthorPage, Blog[], string> {
  return new DataLoader(
    async (pages) => {
      const found = new Map<string, Blog[]>();
      const windows = new Map<string, AuthorPage[]>();
      for (const page of pages) {
        const window = `${page.skip}:${page.take}`;
        windows.set(window, [...(windows.get(window) ?? []), page]);
      }
      for (const group of windows.values()) {
        const { skip, take } = group[0];
        const authors = [...new Set(group.map((page) => page.authorId))];
        const ranked = await db.$queryRaw<(Blog & { position: bigint })[]>`
          SELECT * FROM (
            SELECT *, ROW_NUMBER() OVER (PARTITION BY "authorId" ORDER BY "publishedAt" DESC, id DESC) AS position
            FROM blogs WHERE status = 'PUBLISHED' AND "authorId" IN (${Prisma.join(authors)})
          ) ranked WHERE position > ${skip} AND position <= ${skip + take} ORDER BY "authorId", position`;
        const rows: Blog[] = ranked.map(({ position: _position, ...blog }) => blog);
        const byAuthor = groupByKey(rows, authors, (row) => row.authorId);
        authors.forEach((authorId, index) => found.set(pageKey({ authorId, skip, take }), byAuthor[index]));
      }
      return pages.map((page) => found.get(pageKey(page)) ?? []);
    },
    { cacheKeyFn: pageKey },
  );
}

/** Per-request batching: one query per kind of lookup (and page of authors' posts), whatever the number of keys. */
export function createLoaders(db: PrismaClient): BlogLoaders {
  return {
    blogById: sharedIdLoader(db.blog),
    publishedBlogsByAuthor: publishedPagesLoader(db),
  };
}
