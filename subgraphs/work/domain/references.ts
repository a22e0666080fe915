/** A user of the accounts subgraph, known here only by key; the gateway fetches the rest. */
export interface UserReference {
  id: number;
}

export function userReference(id: number | null): UserReference | null {
  return id === null ? null : { id };
}
