import { openToken, signToken } from "../../../lib/crypto/signed-token.js";

/** How long a design's view and edit links open the viewer (documented: 30 days). */
export const VIEW_LINK_SECONDS = 30 * 24 * 60 * 60;

/** What a link was made for: the viewer, or the editor. */
export type ViewPurpose = "view" | "edit";

interface ViewGrant {
  design: string;
  purpose: ViewPurpose;
  /** Unix seconds. */
  expires: number;
}

/** `<publicUrl>/designs/<id>/<purpose>?token=…`: the token names the design, the purpose and the expiry, signed. */
export function viewLink(publicUrl: string, key: Buffer, designId: string, purpose: ViewPurpose, now = Date.now()): string {
  const grant: ViewGrant = { design: designId, purpose, expires: Math.floor(now / 1000) + VIEW_LINK_SECONDS };
  return `${publicUrl}/designs/${encodeURIComponent(designId)}/${purpose}?token=${signToken(grant, key)}`;
}

/** `valid` only for an unaltered token of this design and purpose that has not expired. */
export function checkViewLink(key: Buffer, designId: string, purpose: ViewPurpose, token: unknown, now = Date.now()): "valid" | "expired" | "invalid" {
  if (typeof token !== "string") return "invalid";
  const grant = openToken(token, key) as Partial<ViewGrant> | undefined;
  if (!grant || grant.design !== designId || grant.purpose !== purpose || !Number.isInteger(grant.expires)) return "invalid";
  return grant.expires! * 1000 < now ? "expired" : "valid";
}

/** When a link `checkViewLink` found valid stops opening the viewer. */
export function viewLinkExpiry(key: Buffer, token: string): Date {
  return new Date((openToken(token, key) as ViewGrant).expires * 1000);
}
