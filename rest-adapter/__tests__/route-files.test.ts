// @tier unit
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { ROUTE_FILES, REST_SERVICES, loadRouteFile } from "../services.js";

const nameOf = (file: URL) => fileURLToPath(file).split("/").pop()!;

describe("route files: each declares routes, and the services are what they declare", () => {
  test("no route file imports another (shared helpers live in rest-adapter/helpers/)", () => {
    const importing = ROUTE_FILES.filter((file) => /from "\.\/[^"]+"/.test(readFileSync(file, "utf8"))).map(nameOf);
    assert.deepEqual(importing, []);
  });

  test("every service is described by one of the files, and every file's service is served", async () => {
    const declared = new Set((await Promise.all(ROUTE_FILES.map(loadRouteFile))).map((part) => part.name));
    assert.deepEqual(new Set(REST_SERVICES.map((service) => service.name)), declared);
    assert.ok(REST_SERVICES.every((service) => service.routes.length > 0));
  });
});
