import type { PrismaClient } from "../../../generated/prisma/client.js";
import { BadRequestError, ForbiddenError } from "../../../lib/errors.js";
import { PermanentJobError } from "../../../lib/jobs/errors.js";
import { teamCapabilities, teamHasPremiumFeatures } from "../../identity/public.js";
import { inProQuality, type ExportFormat } from "./export-format.js";
import { EXPORT_ERROR_CODES } from "./export-jobs.js";

/** The specification's words for a `pro` export without the plan for it, when asked and when run. */
const LICENSE_REQUIRED = "User doesn't have the required license to export in PRO quality";
const PREMIUM_PLANS = "pro quality needs a plan with premium features (pro or enterprise): export with export_quality regular instead";

/**
 * What the team's plan must allow for `format`, checked when the export is asked: a transparent PNG
 * needs the `export_png_transparency` capability (else 400, `TRANSPARENT_BACKGROUND_NOT_ALLOWED`), a
 * `pro` export a plan with premium features (else 403, `LICENSE_REQUIRED`).
 */
export async function checkPlanAllows(db: PrismaClient, teamId: string, format: ExportFormat): Promise<void> {
  if (format.type === "png" && format.transparent && !(await teamCapabilities(db, teamId)).includes("export_png_transparency")) {
    throw new BadRequestError(
      "Users on the free plan can not export PNGs with transparent background: it needs the `export_png_transparency` capability (pro and enterprise plans)",
      { reason: "TRANSPARENT_BACKGROUND_NOT_ALLOWED", field: "format.transparent_background" },
    );
  }
  if (inProQuality(format) && !(await teamHasPremiumFeatures(db, teamId))) {
    throw new ForbiddenError(`${LICENSE_REQUIRED}: ${PREMIUM_PLANS}`, { reason: "LICENSE_REQUIRED" });
  }
}

/** Checked again by the worker: a team whose plan lost its premium features since a `pro` export was asked fails it with `license_required`. */
export async function checkLicenseStillHeld(db: PrismaClient, teamId: string, format: ExportFormat): Promise<void> {
  if (inProQuality(format) && !(await teamHasPremiumFeatures(db, teamId))) {
    throw new PermanentJobError(EXPORT_ERROR_CODES.failures.licenseLost, `${LICENSE_REQUIRED}: the team's plan lost its premium features before the export ran; ${PREMIUM_PLANS}`);
  }
}
