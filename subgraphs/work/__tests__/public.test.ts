// @tier unit
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { BusinessPrincipal, RoleName } from "../../../lib/auth/business-token.js";
import { domainUnderTest, type DomainUnderTest } from "../../../testing/domain.js";
import { requireExistingUsers } from "../../accounts/public.js";
import type { WorkContext } from "../context.js";
import { requireVisibleProject } from "../public.js";

let work: DomainUnderTest<WorkContext>;
before(async () => {
  work = await domainUnderTest<WorkContext>("work");
});
after(() => work?.stop());

const principal = (user: { id: number; roles: RoleName[] }): BusinessPrincipal => ({ kind: "business", userId: user.id, email: null, name: null, roles: user.roles });
const refusedNaming = (field: string, message: string) => (error: Error & { extensions?: { code?: string; field?: string } }) =>
  error.extensions?.code === "BAD_USER_INPUT" && error.extensions.field === field && error.message === message;

describe("references other domains check before they write (no HTTP)", () => {
  test("a project another client owns is refused exactly like one that does not exist", async () => {
    const owner = await work.user(["CLIENT"]);
    const stranger = await work.user(["CLIENT"]);
    const staff = await work.user(["STAFF"]);
    const project = await work.db.project.create({ data: { name: "Owned", clientId: owner.id } });
    const missing = project.id + 1000;
    const refused = refusedNaming("projectId", "no project you can see has this id");
    await assert.rejects(requireVisibleProject(work.db, principal(stranger), "projectId", project.id), refused);
    await assert.rejects(requireVisibleProject(work.db, principal(stranger), "projectId", missing), refused);
    await requireVisibleProject(work.db, principal(owner), "projectId", project.id);
    await requireVisibleProject(work.db, principal(staff), "projectId", project.id);
    await requireVisibleProject(work.db, principal(stranger), "projectId", null);
  });

  test("users: the first unknown one is named; absent and cleared references pass", async () => {
    const someone = await work.user();
    await requireExistingUsers(work.db, { clientId: someone.id, assigneeId: null, createdById: undefined });
    await assert.rejects(requireExistingUsers(work.db, { clientId: someone.id, assigneeId: someone.id + 1000 }), refusedNaming("assigneeId", "no user has this id"));
  });
});
