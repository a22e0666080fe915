/**
 * `job_finished`: this platform's own notification type, outside the specification's
 * `NotificationContent` (whose `type` it is not), sent only to a webhook that names it. The notification
 * around it is the specification's `Notification { id, created_at, content }`; its content is this
 * schema, in the OpenAPI document's terms (`$ref`s to the specification's components).
 */
export const JOB_FINISHED_CONTENT_SCHEMA = {
  description: "A job the integration started ended: an asset upload, URL asset upload, import, URL import, export, resize, merge or autofill.",
  type: "object",
  required: ["type", "receiving_team_user", "job"],
  additionalProperties: false,
  properties: {
    type: { type: "string", enum: ["job_finished"] },
    receiving_team_user: { $ref: "#/components/schemas/TeamUser" },
    job: {
      type: "object",
      required: ["id", "type", "status"],
      additionalProperties: false,
      properties: {
        id: { type: "string", description: "The job's id, as its operation answered it." },
        type: { type: "string", description: "What the job did (its kind): asset_upload, url_asset_upload, design_import, url_import, design_export, design_resize, design_merge, design_autofill." },
        status: { type: "string", enum: ["success", "failed"] },
        error_code: { type: "string", description: "A failed job's error code, as its operation documents them." },
      },
    },
    asset_id: { type: "string", description: "The asset the job made." },
    design_id: { type: "string", description: "The design the job made or worked on." },
  },
} as const;
