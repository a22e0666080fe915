// @tier unit
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import type { GraphQLFormattedError } from "graphql";
import { DESIGN_ADAPTER_CODES, DESIGN_ERROR_CODES, designCodeOf, domainErrorKeys } from "../design-errors.js";
import { REST_SERVICES } from "../services.js";
import { UPLOAD_ERROR_CODES } from "../../subgraphs/assets/domain/upload-jobs.js";
import { AUTOFILL_ERROR_CODES } from "../../subgraphs/brand-templates/domain/autofill-jobs.js";
import { EXPORT_ERROR_CODES } from "../../subgraphs/exports/domain/export-jobs.js";
import { IMPORT_ERROR_CODES } from "../../subgraphs/imports/domain/import-jobs.js";
import { RESIZE_ERROR_CODES } from "../../subgraphs/resizes/domain/resize-jobs.js";

const SUBGRAPHS = fileURLToPath(new URL("../../subgraphs/", import.meta.url));
/** The OAuth endpoints' errors are RFC 6749's own codes, which the identity domain speaks as the protocol does. */
const OAUTH = path.join(SUBGRAPHS, "identity/domain/oauth");

/** A failed job's code is its kind's documented one (the domains' tables), a name it may share with a REST error code. */
const JOB_CODES = new Set<string>([UPLOAD_ERROR_CODES, AUTOFILL_ERROR_CODES, EXPORT_ERROR_CODES, IMPORT_ERROR_CODES, RESIZE_ERROR_CODES].flatMap((table) => table.documented));

const error = (extensions: Record<string, unknown>): GraphQLFormattedError => ({ message: "m", extensions });

function domainSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["__tests__", "__generated__"].includes(entry.name) || full === OAUTH ? [] : domainSources(full);
    return /\.(ts|graphql)$/.test(entry.name) ? [full] : [];
  });
}

describe("the design platform's error codes belong to the REST adapter", () => {
  test("a domain error's most specific words win: reason, then entity or field, then its code; the route's own codes before the platform's", () => {
    const missingThread = error({ code: "NOT_FOUND", entity: "thread" });
    assert.deepEqual(domainErrorKeys(missingThread), ["NOT_FOUND:thread", "NOT_FOUND"]);
    assert.equal(designCodeOf(missingThread), "not_found");
    assert.equal(designCodeOf(error({ code: "NOT_FOUND", entity: "design" })), "design_not_found");
    assert.equal(designCodeOf(error({ code: "NOT_FOUND", entity: "design" }), { NOT_FOUND: "reply_not_found" }), "reply_not_found");
    assert.equal(designCodeOf(error({ code: "FORBIDDEN", reason: "MISSING_SCOPE" })), "missing_scope");
    assert.equal(designCodeOf(error({ code: "BAD_REQUEST", field: "title" }), { "BAD_REQUEST:title": "bad_request_params" }), "bad_request_params");
    assert.equal(designCodeOf(error({ code: "BAD_REQUEST", field: "data" }), { "BAD_REQUEST:title": "bad_request_params" }), "bad_request_body");
    assert.equal(designCodeOf(error({ code: "BAD_REQUEST", oauthError: "invalid_grant" })), "invalid_grant");
    assert.equal(designCodeOf(error({ code: "INTERNAL_SERVER_ERROR" })), "internal_error");
  });

  test("no domain names one of them, in its code or its schema (its errors say what failed in its own words)", () => {
    const routeCodes = REST_SERVICES.flatMap((service) => service.routes.flatMap((route) => Object.values(route.errorCodes ?? {})));
    const codes = new Set([...Object.values(DESIGN_ERROR_CODES), ...Object.values(DESIGN_ADAPTER_CODES), ...routeCodes].filter((code) => !JOB_CODES.has(code)));
    const naming = domainSources(SUBGRAPHS).flatMap((file) => {
      const source = readFileSync(file, "utf8");
      return [...codes].filter((code) => source.includes(`"${code}"`) || source.includes(`\`${code}\``)).map((code) => `${path.relative(SUBGRAPHS, file)}: ${code}`);
    });
    assert.deepEqual(naming, []);
  });
});
