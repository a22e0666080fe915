/** The demo data `npm run seed` writes: fixed names, so that a second run finds everything and adds nothing. */

/** Every demo user's password (demo data only: the seed refuses to run in production). */
export const DEMO_PASSWORD = "Demo-Passw0rd";

export const DEMO_USERS = [
  { role: "SUPERUSER", email: "demo-superuser@example.com", name: "Sue Superuser" },
  { role: "ADMIN", email: "demo-admin@example.com", name: "Ada Admin" },
  { role: "STAFF", email: "demo-staff@example.com", name: "Sam Staff" },
  { role: "CLIENT", email: "demo-client@example.com", name: "Cleo Client" },
] as const;

export type DemoRole = (typeof DEMO_USERS)[number]["role"];

export const DEMO_PROJECT = { name: "Demo: website relaunch", description: "A project the seed made, with tasks, a work order and an invoice." };
export const DEMO_TASKS = [
  { title: "Demo: wireframes", status: "COMPLETED", estimatedHours: "6.00" },
  { title: "Demo: visual design", status: "IN_PROGRESS", estimatedHours: "12.50" },
  { title: "Demo: launch checklist", status: "TODO", estimatedHours: "3.00" },
];
export const DEMO_WORK_ORDER = { orderNumber: "DEMO-WO-1", title: "Demo: design sprint" };
export const DEMO_INVOICE = { invoiceNumber: "DEMO-INV-1", amount: "1500.00", status: "SENT" };

/**
 * The demo client. Its redirect URIs are the example integration's (`npm run example:integration`,
 * `http://localhost:$INTEGRATION_PORT/callback`) and the token command's loopback (`npm run token`,
 * `http://127.0.0.1:$TOKEN_CALLBACK_PORT/callback`): examples/integration/settings.ts.
 */
export const DEMO_INTEGRATION = {
  name: "Demo integration",
  scopes: "openid profile email profile:read asset:read asset:write design:meta:read design:content:read design:content:write comment:read comment:write folder:read",
};

export const DEMO_ASSET_NAME = "Demo logo";
export const DEMO_DESIGN_TITLE = "Demo poster";
export const DEMO_COMMENT = "Demo: could the logo be a little larger?";
export const DEMO_BLOG = { slug: "demo-welcome", title: "Welcome to the demo", short_description: "What the seed made", content: "This post was written by `npm run seed`." };
export const DEMO_QUESTION = { title: "Demo: how do I follow an upload's progress?", content: "Is there a way to see a job move without polling?", tags: ["demo", "jobs"] };
export const DEMO_ANSWER = "Subscribe to assetUploadJob(id) over graphql-ws on /graphql: the current state first, then every change.";
