import assert from "node:assert/strict";
import type { HttpClient } from "../../../testing/http.js";

/** What the comment tests read of a thread through the graph. */
export const THREAD_STATE = `id kind resolved resolvedAt resolver { id displayName } content { plaintext } suggestion { suggestedEdits { type text format } status } updatedAt`;

const SET_RESOLVED = (field: "resolveCommentThread" | "reopenCommentThread") =>
  `mutation($d: ID!, $t: ID!) { ${field}(designId: $d, threadId: $t) { ${THREAD_STATE} } }`;

/** `resolveCommentThread` or `reopenCommentThread` as `token` sends it: the whole answer, errors included. */
export function setResolved(http: HttpClient, token: string, designId: string, threadId: string, resolved: boolean) {
  return http.graphql(SET_RESOLVED(resolved ? "resolveCommentThread" : "reopenCommentThread"), { d: designId, t: threadId }, token);
}

/** Resolves the thread; fails the test on any error. */
export async function resolvedThread(http: HttpClient, token: string, designId: string, threadId: string): Promise<any> {
  const response = await setResolved(http, token, designId, threadId, true);
  assert.equal(response.body.errors, undefined, response.text);
  return response.body.data!.resolveCommentThread;
}

/** `createSuggestionThread` as `token` sends it: the whole answer. */
export function postSuggestion(http: HttpClient, token: string, designId: string, suggestedEdits: unknown) {
  return http.graphql(
    `mutation($d: ID!, $e: [SuggestedEditInput!]!) { createSuggestionThread(designId: $d, suggestedEdits: $e) { ${THREAD_STATE} } }`,
    { d: designId, e: suggestedEdits },
    token,
  );
}

export async function createdSuggestion(http: HttpClient, token: string, designId: string, suggestedEdits: unknown): Promise<any> {
  const response = await postSuggestion(http, token, designId, suggestedEdits);
  assert.equal(response.body.errors, undefined, response.text);
  return response.body.data!.createSuggestionThread;
}
