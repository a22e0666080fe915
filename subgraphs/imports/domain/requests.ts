import type { Job } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ValidationError } from "../../../lib/errors.js";
import { enqueueJob } from "../../../lib/jobs/engine.js";
import type { ImportsContext } from "../context.js";
import { URL_IMPORT, type ImportInput } from "./import-jobs.js";

/** Documented: a byte-stream import's title (decoded from `title_base64`) is at most 50 characters; a URL import's 1..255. */
export const UPLOAD_TITLE_MAX = 50;
export const URL_TITLE_MAX = 255;
export const URL_LENGTH = { min: 1, max: 2048 };
const MIME_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/;

export function checkedTitle(title: string, max: number): string {
  const length = [...title].length;
  if (length < 1 || length > max) throw new ValidationError("title", `title must be 1 to ${max} characters`);
  return title;
}

/** `mime_type`, when given, must look like one (`type/subtype`); the file's content decides what it is. */
export function checkedMimeType(mimeType: string | null | undefined): string | null {
  if (mimeType === undefined || mimeType === null) return null;
  if (!MIME_TYPE.test(mimeType)) throw new ValidationError("mime_type", "mime_type must be a media type such as application/pdf");
  return mimeType.toLowerCase();
}

/** A URL import job: the worker fetches the URL (public addresses only) and reads what it finds. */
export async function createUrlImportJob(
  ctx: ImportsContext,
  principal: DesignPrincipal,
  request: { title: string; url: string; mimeType?: string | null },
): Promise<Job> {
  const title = checkedTitle(request.title, URL_TITLE_MAX);
  const mimeType = checkedMimeType(request.mimeType);
  const { url } = request;
  if (url.length < URL_LENGTH.min || url.length > URL_LENGTH.max) throw new ValidationError("url", `url must be ${URL_LENGTH.min} to ${URL_LENGTH.max} characters`);
  if (!URL.canParse(url) || !["http:", "https:"].includes(new URL(url).protocol)) throw new ValidationError("url", "url must be an absolute http or https URL");
  const input: ImportInput & { url: string } = { url, title, teamId: principal.teamId, mimeType };
  return enqueueJob(ctx, { kind: URL_IMPORT, ownerId: principal.userId, clientId: principal.clientId, input: { ...input } });
}
