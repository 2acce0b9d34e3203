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

/** The length of a string in UTF-16 units; -1 for any other value. */
export function stringLength(value) {
  return typeof value === "string" ? value.length : -1;
}

/** True when the member `key` of an object is `expected` (a string the decoder looks for). */
export function memberIs(object, key, expected) {
  return member(object, key) === expected;
}

/** An object's own members in one crossing: `[keys, values]`. */
export function members(object) {
  return [Object.keys(object), Object.values(object)];
}

/**
 * For an object with members under `known` keys (a `Set`): how many members
 * have such keys, and a new object of the others, in one crossing.
 */
export function others(object, known) {
  let count = 0;
  const rest = {};
  if (typeof object === "object" && object !== null && !Array.isArray(object)) {
    for (const key of Object.keys(object)) {
      if (known.has(key)) count++;
      // A store to `__proto__` would set the prototype instead: never a real member.
      else if (key !== "__proto__") rest[key] = object[key];
    }
  }
  return [count, rest];
}

/** A new object of `keys[i]: values[i]` (no `__proto__` member, which would set the prototype). */
export function objectOf(keys, values) {
  const out = {};
  for (let i = 0; i < keys.length; i++) if (keys[i] !== "__proto__") out[keys[i]] = values[i];
  return out;
}

/** A `Set` of key names. */
export function keySet(keys) {
  return new Set(keys);
}
