const hasOwn = Object.prototype.hasOwnProperty;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Merges `source` into `target` as @apollo/gateway's `deepMerge` does (same order, same results, own
 * properties only: a key such as `constructor` or `__proto__` becomes the object's own), written out
 * without a helper call per key: it runs for every entity of every fetch.
 */
export function deepMerge(target: any, source: any): any {
  if (source === undefined || source === null) return target;
  // for…in with an own-key check visits what Object.keys lists, in its order, without an array per object.
  for (const key in source) {
    if (!hasOwn.call(source, key)) continue;
    const value = source[key];
    if (value === undefined) continue;
    let current: any;
    if (hasOwn.call(target, key)) current = target[key];
    else if (key in target) Object.defineProperty(target, key, { configurable: true, enumerable: true, value: undefined, writable: true });
    if (current && isObject(value)) {
      deepMerge(current, value);
    } else if (Array.isArray(value) && Array.isArray(current) && value.length === current.length) {
      for (let i = 0; i < value.length; i++) {
        if (isObject(current[i]) && isObject(value[i])) deepMerge(current[i], value[i]);
        else current[i] = value[i];
      }
    } else {
      target[key] = value;
    }
  }
  return target;
}
