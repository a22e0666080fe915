/** An entity of another domain with a string key (a team, an asset), known here only by its id. */
export interface KeyReference {
  id: string;
}
