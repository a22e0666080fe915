/** An integration as this subgraph knows it: by its client id (the identity domain owns the rest). */
export interface IntegrationKey {
  clientId: string;
}
