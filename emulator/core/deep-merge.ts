const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Merges `patch` into a copy of `base`: nested objects merge, arrays and scalars replace. */
export function deepMerge<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) return (patch === undefined ? base : patch) as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    // Own keys only, written as own properties: a patch (a control request's JSON) naming
    // "__proto__" or "constructor" must neither merge into Object.prototype's members nor replace
    // the result's prototype.
    const current = Object.hasOwn(merged, key) ? merged[key] : undefined;
    const next = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
    Object.defineProperty(merged, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return merged as T;
}
