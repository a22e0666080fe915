-- CreateTable
CREATE TABLE "comment_designs" (
    "designId" VARCHAR(50) NOT NULL,
    "threadCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "comment_designs_pkey" PRIMARY KEY ("designId")
);

-- CreateTable
CREATE TABLE "comment_threads" (
    "id" VARCHAR(50) NOT NULL,
    "designId" VARCHAR(50) NOT NULL,
    "authorId" INTEGER NOT NULL,
    "message" TEXT NOT NULL,
    "mentions" JSONB NOT NULL,
    "assigneeId" INTEGER,
    "resolverId" INTEGER,
    "replyCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "comment_threads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comment_replies" (
    "id" VARCHAR(50) NOT NULL,
    "threadId" VARCHAR(50) NOT NULL,
    "designId" VARCHAR(50) NOT NULL,
    "authorId" INTEGER NOT NULL,
    "message" TEXT NOT NULL,
    "mentions" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "comment_replies_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "comment_threads_designId_createdAt_idx" ON "comment_threads"("designId", "createdAt");

-- CreateIndex
CREATE INDEX "comment_replies_threadId_createdAt_idx" ON "comment_replies"("threadId", "createdAt");

-- CreateIndex
CREATE INDEX "comment_replies_designId_createdAt_idx" ON "comment_replies"("designId", "createdAt");

-- AddForeignKey
ALTER TABLE "comment_designs" ADD CONSTRAINT "comment_designs_designId_fkey" FOREIGN KEY ("designId") REFERENCES "designs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_threads" ADD CONSTRAINT "comment_threads_designId_fkey" FOREIGN KEY ("designId") REFERENCES "comment_designs"("designId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "comment_threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

