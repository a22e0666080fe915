import { openToken, signToken } from "../../../lib/crypto/signed-token.js";

/** How long a template's create link makes designs (as the designs' view links: 30 days). */
export const CREATE_LINK_SECONDS = 30 * 24 * 60 * 60;

/** Who a create link was handed to: the designs it makes are theirs, in their team. */
export interface CreateGrant {
  template: string;
  user: number;
  team: string;
  /** Unix seconds. */
  expires: number;
}

/** `<publicUrl>/brand-templates/<id>/create?token=…`: the token names the template, its holder and the expiry, signed. */
export function createLink(publicUrl: string, key: Buffer, templateId: string, holder: { userId: number; teamId: string }, now = Date.now()): string {
  const grant: CreateGrant = { template: templateId, user: holder.userId, team: holder.teamId, expires: Math.floor(now / 1000) + CREATE_LINK_SECONDS };
  return `${publicUrl}/brand-templates/${encodeURIComponent(templateId)}/create?token=${signToken(grant, key)}`;
}

/** The grant of an unaltered, unexpired token for this template; `expired` or `invalid` otherwise. */
export function checkCreateLink(key: Buffer, templateId: string, token: unknown, now = Date.now()): CreateGrant | "expired" | "invalid" {
  if (typeof token !== "string") return "invalid";
  const grant = openToken(token, key) as Partial<CreateGrant> | undefined;
  if (!grant || grant.template !== templateId || !Number.isInteger(grant.user) || typeof grant.team !== "string" || !Number.isInteger(grant.expires)) return "invalid";
  return grant.expires! * 1000 < now ? "expired" : (grant as CreateGrant);
}
