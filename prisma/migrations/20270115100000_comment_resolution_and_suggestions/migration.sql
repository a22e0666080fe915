-- CreateEnum
CREATE TYPE "CommentThreadKind" AS ENUM ('comment', 'suggestion');

-- CreateEnum
CREATE TYPE "CommentSuggestionStatus" AS ENUM ('open', 'accepted', 'rejected');

-- AlterTable
ALTER TABLE "comment_threads" ADD COLUMN     "kind" "CommentThreadKind" NOT NULL DEFAULT 'comment',
ADD COLUMN     "resolvedAt" TIMESTAMPTZ(3),
ADD COLUMN     "suggestedEdits" JSONB,
ADD COLUMN     "suggestionStatus" "CommentSuggestionStatus";

