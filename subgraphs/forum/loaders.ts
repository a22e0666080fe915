import DataLoader from "dataloader";
import { Prisma, type ForumAnswer, type ForumQuestion, type PrismaClient } from "../../generated/prisma/client.js";
import { groupByKey } from "../../lib/db/group-by-key.js";
import { groupLoader, sharedIdLoader } from "../../lib/db/loaders.js";

/** One page of one user's questions. */
export interface AuthorPage {
  authorId: number;
  limit: number;
  offset: number;
}

export interface ForumLoaders {
  questionById: DataLoader<number, ForumQuestion | null>;
  answerById: DataLoader<number, ForumAnswer | null>;
  answersByQuestionId: DataLoader<number, ForumAnswer[]>;
  questionsByAuthor: DataLoader<AuthorPage, ForumQuestion[], string>;
}

/** The accepted answer first, then oldest first. */
export const ANSWER_ORDER = [{ isAccepted: "desc" as const }, { createdAt: "asc" as const }, { id: "asc" as const }];

/**
 * Pages of several authors' questions (newest first): one ranking query and one read per distinct
 * page size and offset, whatever the number of authors.
 */
function authorPagesLoader(db: PrismaClient): DataLoader<AuthorPage, ForumQuestion[], string> {
  return new DataLoader(
    async (pages) => {
      const found = new Map<string, ForumQuestion[]>();
      const windows = new Map<string, AuthorPage[]>();
      for (const page of pages) windows.set(`${page.limit}:${page.offset}`, [...(windows.get(`${page.limit}:${page.offset}`) ?? []), page]);
      for (const group of windows.values()) {
        const { limit, offset } = group[0];
        const authors = [...new Set(group.map((page) => page.authorId))];
        const ranked = await db.$queryRaw<{ id: number }[]>`
          SELECT id FROM (
            SELECT id, ROW_NUMBER() OVER (PARTITION BY "authorId" ORDER BY "createdAt" DESC, id DESC) AS position
            FROM forum_questions WHERE "authorId" IN (${Prisma.join(authors)})
          ) ranked WHERE position > ${offset} AND position <= ${offset + limit}`;
        const rows = ranked.length
          ? await db.forumQuestion.findMany({ where: { id: { in: ranked.map((row) => row.id) } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] })
          : [];
        const byAuthor = groupByKey(rows, authors, (row) => row.authorId);
        authors.forEach((author, index) => found.set(`${author}:${limit}:${offset}`, byAuthor[index]));
      }
      return pages.map((page) => found.get(`${page.authorId}:${page.limit}:${page.offset}`) ?? []);
    },
    { cacheKeyFn: (page) => `${page.authorId}:${page.limit}:${page.offset}` },
  );
}

/** Per-request batching: one query per kind of lookup, whatever the number of keys. */
export function createLoaders(db: PrismaClient): ForumLoaders {
  return {
    questionById: sharedIdLoader(db.forumQuestion),
    answerById: sharedIdLoader(db.forumAnswer),
    answersByQuestionId: groupLoader(db.forumAnswer, "questionId", { orderBy: ANSWER_ORDER }),
    questionsByAuthor: authorPagesLoader(db),
  };
}

