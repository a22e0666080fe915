-- Failed design-platform jobs show only a code of their operation's documented enum: codes recorded
-- before are rewritten to the ones each kind records now (a too-big import is an invalid file; a
-- failure no rule foresaw gets the kind's own code instead of the shared `internal_failure`).
UPDATE "jobs" SET "errorCode" = 'invalid_file'
 WHERE "status" = 'failed' AND "kind" IN ('design_import', 'url_import') AND "errorCode" = 'file_too_big';
UPDATE "jobs" SET "errorCode" = 'internal_error'
 WHERE "status" = 'failed' AND "kind" IN ('design_import', 'url_import')
   AND "errorCode" NOT IN ('design_creation_throttled', 'design_import_throttled', 'duplicate_import', 'internal_error', 'invalid_file', 'fetch_failed');
UPDATE "jobs" SET "errorCode" = 'import_failed'
 WHERE "status" = 'failed' AND "kind" IN ('asset_upload', 'url_asset_upload')
   AND "errorCode" NOT IN ('file_too_big', 'import_failed', 'fetch_failed');
UPDATE "jobs" SET "errorCode" = 'design_resize_error'
 WHERE "status" = 'failed' AND "kind" = 'design_resize'
   AND "errorCode" NOT IN ('thumbnail_generation_error', 'design_resize_error', 'create_design_error', 'trial_quota_exceeded');
UPDATE "jobs" SET "errorCode" = 'autofill_error'
 WHERE "status" = 'failed' AND "kind" = 'design_autofill'
   AND "errorCode" NOT IN ('autofill_error', 'thumbnail_generation_error', 'create_design_error', 'design_approval_error', 'trial_quota_exceeded');
UPDATE "jobs" SET "errorCode" = 'internal_failure'
 WHERE "status" = 'failed' AND "kind" = 'design_export'
   AND "errorCode" NOT IN ('license_required', 'approval_required', 'internal_failure');
