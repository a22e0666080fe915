import type { Job } from "../../../generated/prisma/client.js";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ValidationError } from "../../../lib/errors.js";
import { enqueueJob } from "../../../lib/jobs/engine.js";
import type { AssetsContext } from "../context.js";
import { URL_ASSET_UPLOAD } from "./upload-jobs.js";

const URL_NAME = { min: 1, max: 255 };
const URL_LENGTH = { min: 8, max: 2048 };

/** A URL upload job: the worker fetches the URL (public addresses only) and imports what it finds. */
export async function createUrlUploadJob(ctx: AssetsContext, principal: DesignPrincipal, name: string, url: string): Promise<Job> {
  const nameLength = [...name].length;
  if (nameLength < URL_NAME.min || nameLength > URL_NAME.max) throw new ValidationError("name", `name must be ${URL_NAME.min} to ${URL_NAME.max} characters`);
  if (url.length < URL_LENGTH.min || url.length > URL_LENGTH.max) throw new ValidationError("url", `url must be ${URL_LENGTH.min} to ${URL_LENGTH.max} characters`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError("url", "url must be an absolute http or https URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new ValidationError("url", "url must be an absolute http or https URL");
  return enqueueJob(ctx, { kind: URL_ASSET_UPLOAD, ownerId: principal.userId, clientId: principal.clientId, input: { url, name, teamId: principal.teamId } });
}
