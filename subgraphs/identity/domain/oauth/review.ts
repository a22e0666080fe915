import type { IntegrationStatus, OAuthClient, PrismaClient } from "../../../../generated/prisma/client.js";
import { NotFoundError } from "../../../../lib/errors.js";
import { OAuthError } from "./errors.js";

export type ReviewDecision = "approve" | "reject";

const OUTCOME: Record<ReviewDecision, IntegrationStatus> = { approve: "approved", reject: "rejected" };

/** How many integrations waiting for review one answer lists. */
export const AWAITING_REVIEW_PAGE = 100;

/**
 * An ADMIN's (`reviewerId`) or the operator's (null) decision on an integration. Rejecting also
 * revokes every grant it holds, so its tokens stop working at once.
 */
export async function reviewClient(db: PrismaClient, clientId: string, decision: ReviewDecision, reviewerId: number | null): Promise<OAuthClient> {
  if (clientId.length > 50) throw new NotFoundError("Integration not found");
  const now = new Date();
  return db.$transaction(async (tx) => {
    const reviewed = await tx.oAuthClient.updateMany({ where: { id: clientId }, data: { status: OUTCOME[decision], reviewedAt: now, reviewedBy: reviewerId } });
    if (reviewed.count === 0) throw new NotFoundError("Integration not found");
    if (decision === "reject") await tx.tokenFamily.updateMany({ where: { clientId, revokedAt: null }, data: { revokedAt: now } });
    return tx.oAuthClient.findUniqueOrThrow({ where: { id: clientId } });
  });
}

export function clientsAwaitingReview(db: PrismaClient): Promise<OAuthClient[]> {
  return db.oAuthClient.findMany({ where: { status: "unreviewed" }, orderBy: { createdAt: "asc" }, take: AWAITING_REVIEW_PAGE });
}

/**
 * Only an approved integration is sent users or given tokens: an unreviewed or rejected one gets
 * `unauthorized_client`, never a redirect.
 */
export function requireApproved(client: OAuthClient): OAuthClient {
  if (client.status === "approved") return client;
  throw new OAuthError(
    "unauthorized_client",
    client.status === "rejected" ? "This integration was rejected by the platform's administrators" : "This integration is waiting for review by the platform's administrators",
  );
}
