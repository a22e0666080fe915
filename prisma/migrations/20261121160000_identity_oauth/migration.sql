-- CreateTable
CREATE TABLE "oauth_clients" (
    "id" VARCHAR(50) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "secretHash" VARCHAR(64) NOT NULL,
    "redirectUris" TEXT[],
    "scopes" TEXT[],
    "ownerId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_clients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_authorization_codes" (
    "codeHash" VARCHAR(64) NOT NULL,
    "clientId" VARCHAR(50) NOT NULL,
    "userId" INTEGER NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "codeChallenge" VARCHAR(128) NOT NULL,
    "userName" VARCHAR(255) NOT NULL,
    "userEmail" VARCHAR(254),
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "familyId" VARCHAR(50),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_authorization_codes_pkey" PRIMARY KEY ("codeHash")
);

-- CreateTable
CREATE TABLE "oauth_token_families" (
    "id" VARCHAR(50) NOT NULL,
    "clientId" VARCHAR(50) NOT NULL,
    "userId" INTEGER NOT NULL,
    "scope" TEXT NOT NULL,
    "userName" VARCHAR(255) NOT NULL,
    "userEmail" VARCHAR(254),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "oauth_token_families_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_refresh_tokens" (
    "tokenHash" VARCHAR(64) NOT NULL,
    "familyId" VARCHAR(50) NOT NULL,
    "scope" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "rotatedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_refresh_tokens_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateTable
CREATE TABLE "oauth_revoked_access_tokens" (
    "jti" VARCHAR(50) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "oauth_revoked_access_tokens_pkey" PRIMARY KEY ("jti")
);

-- CreateIndex
CREATE INDEX "oauth_authorization_codes_expiresAt_idx" ON "oauth_authorization_codes"("expiresAt");

-- CreateIndex
CREATE INDEX "oauth_token_families_userId_idx" ON "oauth_token_families"("userId");

-- CreateIndex
CREATE INDEX "oauth_refresh_tokens_familyId_idx" ON "oauth_refresh_tokens"("familyId");

-- AddForeignKey
ALTER TABLE "oauth_token_families" ADD CONSTRAINT "oauth_token_families_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "oauth_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_refresh_tokens" ADD CONSTRAINT "oauth_refresh_tokens_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "oauth_token_families"("id") ON DELETE CASCADE ON UPDATE CASCADE;

