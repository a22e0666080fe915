/** A design of the designs domain or an asset of the assets domain, known here by key. */
export interface ItemKey {
  id: string;
}
