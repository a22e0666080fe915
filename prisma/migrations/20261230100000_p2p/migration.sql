-- CreateTable
CREATE TABLE "P2pIdentity" (
    "name" TEXT NOT NULL,
    "privateKey" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "P2pIdentity_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "P2pBlock" (
    "cid" TEXT NOT NULL,
    "base64" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "P2pBlock_pkey" PRIMARY KEY ("cid")
);

