// Reading `JSON.parse` output for the Rust decoder: each question it asks of
// a value is one crossing, and these answer in one what the standard
// bindings answer in two or three.

/** The kind of a JSON value, as the decoder's `Kind`: 0 null (or not JSON), 1 bool, 2 number, 3 string, 4 array, 5 object. */
export function kindOf(value) {
  switch (typeof value) {
    case "boolean":
      return 1;
    case "number":
      return 2;
    case "string":
      return 3;
    case "object":
      return value === null ? 0 : Array.isArray(value) ? 4 : 5;
    default:
      return 0;
  }
}

/** The member `key` of an object (`undefined` when absent, or when `object` is not an object). */
export function member(object, key) {
  return typeof object === "object" && object !== null ? object[key] : undefined;
}

/** True when the member `key` of an object is `expected` (a string the decoder looks for). */
export function memberIs(object, key, expected) {
  return member(object, key) === expected;
}

/**
 * An object's own members in one crossing: `[count, keys, values]`, where
 * `count` is the number of all its members and `keys`/`values` are those of
 * the members whose keys are not in `known` (a `Set`, or `undefined` for none).
 */
export function members(object, known) {
  const all = Object.keys(object);
  const keys = [];
  const values = [];
  for (const key of all) {
    if (known !== undefined && known.has(key)) continue;
    keys.push(key);
    values.push(object[key]);
  }
  return [all.length, keys, values];
}

/** A `Set` of key names. */
export function keySet(keys) {
  return new Set(keys);
}
