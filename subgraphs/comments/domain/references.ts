/** A design of the designs domain, known here by key. */
export interface DesignKey {
  id: string;
}
