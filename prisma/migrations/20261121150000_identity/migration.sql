-- CreateEnum
CREATE TYPE "TeamPlan" AS ENUM ('free', 'pro', 'enterprise', 'education');

-- CreateEnum
CREATE TYPE "KeyPurpose" AS ENUM ('oidc', 'webhook', 'app');

-- CreateTable
CREATE TABLE "teams" (
    "id" VARCHAR(50) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "plan" "TeamPlan" NOT NULL DEFAULT 'free',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "teams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "team_memberships" (
    "userId" INTEGER NOT NULL,
    "teamId" VARCHAR(50) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "team_memberships_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "signing_keys" (
    "kid" VARCHAR(50) NOT NULL,
    "purpose" "KeyPurpose" NOT NULL,
    "appId" VARCHAR(50),
    "alg" VARCHAR(10) NOT NULL,
    "publicJwk" JSONB NOT NULL,
    "privateJwk" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retiredAt" TIMESTAMPTZ(3),
    "publishedUntil" TIMESTAMPTZ(3),

    CONSTRAINT "signing_keys_pkey" PRIMARY KEY ("kid")
);

-- CreateIndex
CREATE INDEX "team_memberships_teamId_idx" ON "team_memberships"("teamId");

-- CreateIndex
CREATE INDEX "signing_keys_purpose_appId_idx" ON "signing_keys"("purpose", "appId");

-- AddForeignKey
ALTER TABLE "team_memberships" ADD CONSTRAINT "team_memberships_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

