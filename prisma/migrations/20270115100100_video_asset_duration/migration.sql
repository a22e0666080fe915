-- AlterTable
ALTER TABLE "assets" ADD COLUMN     "durationMs" INTEGER;

