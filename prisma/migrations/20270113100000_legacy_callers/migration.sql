-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "PaymentMethod" ADD VALUE 'CRYPTO';
ALTER TYPE "PaymentMethod" ADD VALUE 'CHECK';
ALTER TYPE "PaymentMethod" ADD VALUE 'CASH';

-- AlterTable
ALTER TABLE "blockchain_nonces" DROP CONSTRAINT "blockchain_nonces_pkey",
ALTER COLUMN "nonce" SET DATA TYPE VARCHAR(128),
ADD CONSTRAINT "blockchain_nonces_pkey" PRIMARY KEY ("nonce");

