-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "refundedAmount" DECIMAL(12,2) NOT NULL DEFAULT 0;
