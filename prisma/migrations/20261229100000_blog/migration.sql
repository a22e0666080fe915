-- CreateEnum
CREATE TYPE "BlogStatus" AS ENUM ('DRAFT', 'PENDING_REVIEW', 'APPROVED', 'PUBLISHED', 'REJECTED', 'ARCHIVED');

-- CreateEnum
CREATE TYPE "BlogType" AS ENUM ('SITE', 'USER');

-- CreateTable
CREATE TABLE "blogs" (
    "id" SERIAL NOT NULL,
    "slug" VARCHAR(110) NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "authorName" VARCHAR(100),
    "authorId" INTEGER NOT NULL,
    "date" DATE,
    "tags" TEXT[],
    "shortDescription" VARCHAR(500),
    "content" TEXT NOT NULL,
    "contentHtml" TEXT NOT NULL,
    "status" "BlogStatus" NOT NULL DEFAULT 'DRAFT',
    "blogType" "BlogType" NOT NULL DEFAULT 'SITE',
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "verifiedById" INTEGER,
    "verifiedAt" TIMESTAMPTZ(3),
    "reviewedById" INTEGER,
    "reviewedAt" TIMESTAMPTZ(3),
    "reviewNotes" TEXT,
    "publishedAt" TIMESTAMPTZ(3),
    "promotedAt" TIMESTAMPTZ(3),
    "promotedById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "blogs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "blogs_slug_key" ON "blogs"("slug");

-- CreateIndex
CREATE INDEX "blogs_blogType_status_publishedAt_idx" ON "blogs"("blogType", "status", "publishedAt");

-- CreateIndex
CREATE INDEX "blogs_authorId_idx" ON "blogs"("authorId");

