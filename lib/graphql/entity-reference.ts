/** An entity of another subgraph (a user, a project), known here only by key; the gateway fetches the rest. */
export interface EntityReference {
  id: number;
}

export function reference(id: number | null): EntityReference | null {
  return id === null ? null : { id };
}
