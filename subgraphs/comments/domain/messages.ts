import type { PrismaClient } from "../../../generated/prisma/client.js";
import { accountsUserId, designUserId } from "../../../lib/auth/design-principal.js";
import { BadRequestError, ValidationError } from "../../../lib/errors.js";
import { userNames } from "../../accounts/public.js";
import { teamsOfUsers } from "../../identity/public.js";

/** The documented length of a comment or reply message, in characters. */
export const MESSAGE_MAX = 2048;

/** A mention as stored with its message (JSON): resolved once, when the message was written. */
export type StoredMention = { userId: number; teamId: string };

/** `[user_id:team_id]` inside a message. */
const MENTION = /\[(U\d{1,10}):([A-Za-z0-9_-]{1,50})\]/g;

/** 1 to 2048 characters, not only blanks; kept as written. */
export function checkedMessage(message: string, field: string): string {
  if (message.trim().length === 0) throw new ValidationError(field, `${field} must not be empty`);
  if ([...message].length > MESSAGE_MAX) {
    throw new BadRequestError(`The message must be at most ${MESSAGE_MAX} characters`, { reason: "MESSAGE_TOO_LONG", field });
  }
  return message;
}

/**
 * The users the message mentions who exist and are members of the named team, that team being the
 * design's: mentioning anyone else resolves nothing (and so tells nothing about them).
 */
export async function resolveMentions(db: PrismaClient, message: string, designTeamId: string): Promise<StoredMention[]> {
  const wanted = new Map<number, StoredMention>();
  for (const [, userTag, teamId] of message.matchAll(MENTION)) {
    const userId = accountsUserId(userTag);
    if (userId !== undefined && teamId === designTeamId) wanted.set(userId, { userId, teamId });
  }
  if (wanted.size === 0) return [];
  const ids = [...wanted.keys()];
  const [teams, names] = await Promise.all([teamsOfUsers(db, ids), userNames(db, ids)]);
  return [...wanted.values()].filter((mention) => names.has(mention.userId) && teams.get(mention.userId) === mention.teamId);
}

/** The assignee (`U…`) as an accounts id: one of the message's mentions, else a bad request. */
export function mentionedAssignee(assigneeId: string | null | undefined, mentions: readonly StoredMention[]): number | null {
  if (assigneeId === undefined || assigneeId === null) return null;
  const userId = accountsUserId(assigneeId);
  if (userId === undefined || !mentions.some((mention) => mention.userId === userId)) {
    throw new BadRequestError("The assignee must be mentioned in the message");
  }
  return userId;
}

/** The stored mentions of a row (a JSON column). */
export function mentionsOf(row: { mentions: unknown }): StoredMention[] {
  return Array.isArray(row.mentions) ? (row.mentions as StoredMention[]) : [];
}

/** How a mention is written and keyed: `U…:T…`. */
export function mentionTag(mention: StoredMention): string {
  return `${designUserId(mention.userId)}:${mention.teamId}`;
}
