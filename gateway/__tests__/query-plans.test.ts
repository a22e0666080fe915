// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { matchSnapshot, queryPlanFor } from "../../testing/query-plans.js";

/** Key cross-subgraph queries: a change in how the gateway plans them shows up in review. */
const QUERIES: Record<string, string> = {
  "projects-with-clients-and-assignees": `{ projects { id name client { name } tasks { title assignee { name } } } }`,
  "me-with-projects": `{ me { id name projects { id name approvedBy { name } } } }`,
  "invoices-with-client-project-payments": `{ invoices { amount client { name } project { name } payments { amount status } } }`,
  "asset-upload-job-with-owner": `query($id: ID!) { assetUploadJob(id: $id) { status asset { name owner { user { designUserId } team { plan } } } } }`,
  "design-with-owner-and-team": `query($id: ID!) { design(id: $id) { title pageCount owner { user { designUserId } team { plan } } } }`,
  "work-order-with-creator": `query($id: ID!) { workOrder(id: $id) { orderNumber createdBy { name email } project { name client { name } } } }`,
  "integration-with-webhook-deliveries": `query($id: ID!) { integration(clientId: $id) { name status webhook { url events } webhookDeliveries(status: failed, first: 10) { items { id kind attempts { httpStatus outcome } } continuation } } }`,
  "community-blogs-with-authors": `{ communityBlogs(limit: 50) { slug title author { name blogs(limit: 3) { slug } } reviewedBy { name } } }`,
};

describe("query plans", () => {
  for (const [name, query] of Object.entries(QUERIES)) {
    test(name, async () => {
      const file = fileURLToPath(new URL(`./__snapshots__/${name}.queryplan`, import.meta.url));
      const { expected, actual } = await matchSnapshot(file, await queryPlanFor(query));
      assert.equal(actual, expected);
    });
  }
});
