import { registerAndLogin } from "./accounts.js";
import { startTestPlatform, type TestDomains, type TestPlatform } from "./platform.js";
import type { HttpClient } from "./http.js";

export interface Person {
  userId: number;
  token: string;
  email: string;
}

export interface People {
  superuser: Person;
  admin: Person;
  staff: Person;
  client: Person;
  otherClient: Person;
}

/**
 * A fresh platform's cast: the initial SUPERUSER (claimed with `bootstrapSecret` when the platform
 * has one), an ADMIN, a STAFF member and two CLIENTs.
 */
export async function registerPeople(http: HttpClient, bootstrapSecret?: string): Promise<People> {
  const superuser = await registerAndLogin(http, undefined, "Root", bootstrapSecret ? { bootstrapSecret } : {});
  const admin = await registerAndLogin(http, undefined, "Ada Admin");
  const staff = await registerAndLogin(http, undefined, "Sam Staff");
  const client = await registerAndLogin(http, undefined, "Cleo Client");
  const otherClient = await registerAndLogin(http, undefined, "Otto Other");
  for (const [person, role] of [[admin, "ADMIN"], [staff, "STAFF"]] as const) {
    const response = await http.post("/api/auth/admin/users/promote-role", { userId: person.userId, role }, { token: superuser.token });
    if (response.status !== 200) throw new Error(`promote failed: ${response.text}`);
    person.token = (await http.post("/api/auth/login-email-password", { email: person.email, password: "Sup3rSecret" })).body.token;
  }
  return { superuser, admin, staff, client, otherClient };
}

/** A fresh platform with its cast registered; the platform is stopped again if registering fails. */
export async function startWithPeople(env?: Record<string, string>, domains?: TestDomains): Promise<{ t: TestPlatform; p: People }> {
  const t = await startTestPlatform(env, domains);
  try {
    return { t, p: await registerPeople(t.http, env?.BOOTSTRAP_SECRET) };
  } catch (error) {
    await t.stop();
    throw error;
  }
}

/**
 * No job workers, and each process keeps a user's roles for the whole test: workers' polling and a
 * roles re-read when the short cache runs out mid-request would count among the SQL statements a
 * test measures (role changes still clear the cache at once, over the bus).
 */
export const QUIET_DATABASE = { JOB_WORKERS: "0", ROLE_CACHE_SECONDS: "3600" };
