import type DataLoader from "dataloader";
import type { CommentReply, CommentThread, PrismaClient } from "../../generated/prisma/client.js";
import { mapLoader, sharedIdLoader } from "../../lib/db/loaders.js";
import { userNames } from "../accounts/public.js";
import { designTeams } from "../designs/public.js";

export interface CommentsLoaders {
  threadById: DataLoader<string, CommentThread | null>;
  replyById: DataLoader<string, CommentReply | null>;
  /** The team owning each design (null: no such design), through the designs domain's published interface. */
  designTeamById: DataLoader<string, string | null>;
  /** Users' names (null: no such user), through the accounts domain's published interface. */
  userNameById: DataLoader<number, string | null>;
}

export function createLoaders(db: PrismaClient): CommentsLoaders {
  return {
    threadById: sharedIdLoader(db.commentThread),
    replyById: sharedIdLoader(db.commentReply),
    designTeamById: mapLoader((ids) => designTeams(db, ids)),
    userNameById: mapLoader((ids) => userNames(db, ids)),
  };
}
