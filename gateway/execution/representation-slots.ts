/**
 * The distinct representations of one fetch, in first-seen order: each representation gets the slot of
 * the first one equal to it as JSON. The usual `{ __typename, <key field> }` with a string or number
 * key is looked up by its values, without writing it out as JSON.
 */
export class RepresentationSlots {
  readonly distinct: Record<string, unknown>[] = [];
  private readonly byKeyValue = new Map<string, Map<string, Map<string | number, number>>>();
  private readonly byJson = new Map<string, number>();

  /** The value map of the last typename and key field looked up (a fetch's representations are nearly always of one type). */
  private last: { typename: string; field: string; byValue: Map<string | number, number> } | undefined;

  slotOf(representation: Record<string, unknown>): number {
    const field = keyFieldOf(representation);
    const typename = representation.__typename;
    if (field !== undefined && typeof typename === "string") {
      const value = representation[field];
      if (typeof value === "string" || typeof value === "number") {
        const byValue = this.last?.typename === typename && this.last.field === field ? this.last.byValue : this.valuesOf(typename, field);
        let slot = byValue.get(value);
        if (slot === undefined) byValue.set(value, (slot = this.add(representation)));
        return slot;
      }
    }
    const json = JSON.stringify(representation);
    let slot = this.byJson.get(json);
    if (slot === undefined) this.byJson.set(json, (slot = this.add(representation)));
    return slot;
  }

  private valuesOf(typename: string, field: string): Map<string | number, number> {
    let byField = this.byKeyValue.get(typename);
    if (!byField) this.byKeyValue.set(typename, (byField = new Map()));
    let byValue = byField.get(field);
    if (!byValue) byField.set(field, (byValue = new Map()));
    this.last = { typename, field, byValue };
    return byValue;
  }

  private add(representation: Record<string, unknown>): number {
    this.distinct.push(representation);
    return this.distinct.length - 1;
  }
}

/** The second field of a representation of exactly two fields, `__typename` first (the usual `{ __typename, id }`); undefined otherwise. */
function keyFieldOf(representation: Record<string, unknown>): string | undefined {
  let index = 0;
  let field: string | undefined;
  for (const key in representation) {
    if (index === 0 && key !== "__typename") return undefined;
    if (index === 1) field = key;
    if (++index > 2) return undefined;
  }
  return index === 2 ? field : undefined;
}
