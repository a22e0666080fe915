import { createHmac } from "node:crypto";
import type { PrismaClient } from "../../../generated/prisma/client.js";

/** What the key of the link and viewer hashes is derived for (`runtime.keyFor`). */
export const VIEW_ANALYTICS_KEY_PURPOSE = "design-view-analytics";

const MINUTE_MS = 60_000;

/** A view the design viewer served: what the records are made of (the token and address are hashed, never kept). */
export interface ServedView {
  designId: string;
  purpose: "view" | "edit";
  /** The link's signed token, as it opened the viewer. */
  token: string;
  /** When the link stops opening the viewer. */
  expiresAt: Date;
  /** The viewer's network address, as the edge saw it. */
  clientAddress: string;
  /** How many of the design's first pages the viewer showed. */
  pagesShown: number;
  at?: Date;
}

const keyedHash = (key: Buffer, text: string, length: number) => createHmac("sha256", key).update(text).digest("base64url").slice(0, length);

/** A link's id: the same token of the same design is the same link; nothing of the token can be read back from it. */
export const linkIdOf = (key: Buffer, designId: string, token: string) => keyedHash(key, `link\n${designId}\n${token}`, 16);

/** A viewer's id: one network address through one link (the address cannot be read back without the key). */
export const viewerIdOf = (key: Buffer, linkId: string, clientAddress: string) => keyedHash(key, `viewer\n${linkId}\n${clientAddress}`, 22);

/** The start of the minute `at` falls in. */
export const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);

/**
 * Records a view of the design viewer: its link (first view only) and the view, once per viewer and
 * minute (the key `(viewerId, minute)` keeps concurrent duplicates out). True when this view counted.
 */
export async function recordDesignView(db: PrismaClient, key: Buffer, view: ServedView): Promise<boolean> {
  const linkId = linkIdOf(key, view.designId, view.token);
  const viewerId = viewerIdOf(key, linkId, view.clientAddress);
  await db.designViewLink.createMany({ data: [{ id: linkId, designId: view.designId, purpose: view.purpose, expiresAt: view.expiresAt }], skipDuplicates: true });
  const { count } = await db.designView.createMany({
    data: [{ viewerId, minute: minuteOf(view.at ?? new Date()), designId: view.designId, linkId, pagesShown: view.pagesShown }],
    skipDuplicates: true,
  });
  return count === 1;
}
