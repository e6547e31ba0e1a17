/**
 * The canonical JSON of RFC 8785 (JCS) for the values attestation reports hold: object members
 * sorted by their names' UTF-16 code units, no whitespace, strings and numbers as
 * `JSON.stringify` writes them (which is what JCS specifies for them). What gets signed is this
 * text's UTF-8 bytes, so a verifier in any language can rebuild it.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new TypeError('JCS has no NaN or Infinity');
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError(`JCS cannot encode a ${typeof value}`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) {
    // A Date or a typed array has no JSON form of its own here: two would encode alike.
    throw new TypeError(`JCS here encodes plain objects only, not a ${value.constructor.name}`);
  }
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
  return `{${members.join(',')}}`;
}

export function canonicalBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(canonicalJson(value));
}
