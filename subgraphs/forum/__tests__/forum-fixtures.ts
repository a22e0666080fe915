import assert from "node:assert/strict";
import type { HttpClient } from "../../../testing/http.js";
import type { Person } from "../../../testing/people.js";

export const api = (path: string) => `/api/forum${path}`;

/** Asks a question through REST as `person` (201 expected). */
export async function ask(http: HttpClient, person: Person, body: Record<string, unknown> = {}): Promise<any> {
  const response = await http.post(api("/questions"), { title: "How do I federate?", content: "Details **here**.", tags: ["graphql"], ...body }, { token: person.token });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

/** Answers a question through REST as `person` (201 expected). */
export async function answer(http: HttpClient, person: Person, questionId: number, content = "Use a gateway."): Promise<any> {
  const response = await http.post(api(`/questions/${questionId}/answers`), { content }, { token: person.token });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

export const del = (http: HttpClient, path: string, token?: string) => http.request("DELETE", api(path), { token });
