/**
 * The distinct representations of one fetch, in first-seen order: each representation gets the slot of
 * the first one equal to it as JSON. The usual `{ __typename, <key field> }` with a string or number
 * key is looked up by its values, without writing it out as JSON.
 */
export class RepresentationSlots {
  readonly distinct: Record<string, unknown>[] = [];
  private readonly byKeyValue = new Map<string, Map<string, Map<string | number, number>>>();
  private readonly byJson = new Map<string, number>();

  slotOf(representation: Record<string, unknown>): number {
    const fields = Object.keys(representation);
    const typename = representation.__typename;
    if (fields.length === 2 && fields[0] === "__typename" && typeof typename === "string") {
      const field = fields[1];
      const value = representation[field];
      if (typeof value === "string" || typeof value === "number") {
        let byField = this.byKeyValue.get(typename);
        if (!byField) this.byKeyValue.set(typename, (byField = new Map()));
        let byValue = byField.get(field);
        if (!byValue) byField.set(field, (byValue = new Map()));
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

  private add(representation: Record<string, unknown>): number {
    this.distinct.push(representation);
    return this.distinct.length - 1;
  }
}
