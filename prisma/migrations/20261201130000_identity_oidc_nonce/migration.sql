-- AlterTable
ALTER TABLE "oauth_authorization_codes" ADD COLUMN     "nonce" VARCHAR(255);

