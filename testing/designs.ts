import sharp from "sharp";
import type { PrismaClient, TeamPlan } from "../generated/prisma/client.js";
import { ASSET_SCOPES, base64Name, designToken, finishedJob, onPlatform, postUpload } from "./assets.js";
import type { HttpClient } from "./http.js";
import { approvedIntegration } from "./oauth.js";
import { startWithPeople, type People } from "./people.js";
import { DESIGN_DOMAINS, type TestDomains, type TestPlatform } from "./platform.js";

export const DESIGN_SCOPES = "design:meta:read design:content:read design:content:write";

export interface DesignPlatform {
  t: TestPlatform;
  p: People;
  /** The client's token with every design scope. */
  token: string;
  /** A member of the client's team (otherClient, moved into it), with every design scope. */
  teammate: string;
  /** Someone of another team (staff), with every design scope. */
  outsider: string;
  /** The client's token with `design:meta:read` only. */
  metaOnly: string;
}

/**
 * The design tests make many designs as one user, each run of twenty through a fresh integration:
 * the per-owner cap and the user's budget across integrations (tested on their own) are lifted here.
 */
const FRESH_BUDGETS = { INTEGRATIONS_PER_OWNER: "1000", RATE_LIMIT_USER_MULTIPLIER: "1000" };

/**
 * A token of `person` with `scope`, through a fresh integration (its own rate budget) allowed `allowed`:
 * every design and asset scope unless more are needed (brand templates).
 */
export async function designScopedToken(http: HttpClient, p: People, person: People["client"], scope = DESIGN_SCOPES, allowed = `${DESIGN_SCOPES} ${ASSET_SCOPES}`): Promise<string> {
  const integration = await approvedIntegration(http, p, allowed);
  return designToken(http, p, person, scope, integration);
}

/**
 * Moves `userId` into the team of `memberId` (teams have no joining operation yet). Each user's team is
 * made when they first authorize an integration: both must have done so.
 */
export async function joinTeamOf(db: PrismaClient, userId: number, memberId: number): Promise<void> {
  const { teamId } = await db.teamMembership.findUniqueOrThrow({ where: { userId: memberId } });
  await db.teamMembership.update({ where: { userId }, data: { teamId } });
}

/** A platform with its cast, two members of one team and an outsider, and their design tokens. */
export async function startDesignPlatform(env?: Record<string, string>, domains: TestDomains = DESIGN_DOMAINS): Promise<DesignPlatform> {
  const { t, p } = await startWithPeople({ ...FRESH_BUDGETS, ...env }, domains);
  const token = await designScopedToken(t.http, p, p.client);
  const teammate = await designScopedToken(t.http, p, p.otherClient);
  await joinTeamOf(t.platform.runtime.db.prisma, p.otherClient.userId, p.client.userId);
  return {
    t,
    p,
    token,
    teammate,
    outsider: await designScopedToken(t.http, p, p.staff),
    metaOnly: await designScopedToken(t.http, p, p.client, "design:meta:read"),
  };
}

/** A token of `person` with every design scope and both asset scopes (to upload the images designs show). */
export function designAndAssetToken(http: HttpClient, p: People, person: People["client"]): Promise<string> {
  return designScopedToken(http, p, person, `${DESIGN_SCOPES} ${ASSET_SCOPES}`);
}

/** An image asset of `token`'s team: a `width`×`height` PNG of one colour, uploaded and processed through REST. */
export async function uploadedImage(http: HttpClient, token: string, width: number, height: number, colour = { r: 200, g: 40, b: 90 }): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
  const response = await postUpload(http, token, bytes, { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("picture.png") }) });
  if (response.status !== 200) throw new Error(`upload: ${response.status} ${response.text}`);
  const job = await finishedJob(http, `/v1/asset-uploads/${response.body.job.id}`, token);
  if (job.status !== "success") throw new Error(`upload job: ${JSON.stringify(job)}`);
  return job.asset.id;
}

/** A PNG a signed URL of the platform serves, decoded: its size and its pixels (RGBA). */
export async function fetchedPng(http: HttpClient, signedUrl: string): Promise<{ width: number; height: number; pixel(x: number, y: number): number[] }> {
  const response = await fetch(onPlatform(http, signedUrl));
  if (response.status !== 200) throw new Error(`GET ${signedUrl}: ${response.status} ${await response.text()}`);
  const { data, info } = await sharp(Buffer.from(await response.arrayBuffer())).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
  return { width: info.width, height: info.height, pixel };
}

/** The plan of the team `userId` works in (plans decide capabilities: resize, transparent PNGs, brand templates, autofill). */
export async function setPlan(t: TestPlatform, userId: number, plan: TeamPlan): Promise<void> {
  const db = t.platform.runtime.db.prisma;
  const { teamId } = await db.teamMembership.findUniqueOrThrow({ where: { userId } });
  await db.team.update({ where: { id: teamId }, data: { plan } });
}
