import { randomBytes } from "node:crypto";

/** Ids in the platform's style (`^[a-zA-Z0-9_-]{1,50}$`): a letter for the kind, then 16 random bytes. */
export function newCommentId(prefix: "C" | "R"): string {
  return `${prefix}${randomBytes(16).toString("base64url")}`;
}
