/**
 * Text that is not UTF-8 is refused, never repaired: a decoder that replaces bad bytes with U+FFFD
 * would store, and later report, characters the client never sent. These functions find where
 * the bad bytes are, so the 400 can name the field that holds them.
 */
import { KitErrors, type AppError } from '../errors.js';

const strict = new TextDecoder('utf-8', { fatal: true });

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence; else -1. */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    // The ranges of Unicode's table of well-formed byte sequences (no overlongs, no surrogates).
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const byte = bytes[i + k];
      const [min, max] = k === 1 ? [low, high] : [0x80, 0xbf];
      if (byte === undefined || byte < min || byte > max) return i;
    }
    i += length;
  }
  return -1;
}

/** A character that cannot occur in the rest of `text`, to mark where the bad bytes were. */
function markerFor(text: string): string {
  // Unicode noncharacters: never interchanged, so they do not occur in real requests.
  for (let code = 0xfdd0; code <= 0xfdef; code++) {
    const marker = String.fromCharCode(code);
    if (!text.includes(marker)) return marker;
  }
  return '\u{10ffff}';
}

/** The JSON pointer-like path (`a/b/0`) of the first key or string holding `marker`; '' if none. */
function pathHolding(value: unknown, marker: string, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes(marker) ? path.join('/') : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes(marker)) return [...path, key.replaceAll(marker, '\uFFFD')].join('/');
    const found = pathHolding(child, marker, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Decodes a JSON body, or returns the `INVALID_UTF8` error naming the field (the path of the key
 * or string) that holds the first bad byte; the field is '' when the bytes are outside any string.
 */
export function decodeJsonText(body: Buffer): string | AppError {
  try {
    return strict.decode(body);
  } catch {
    const offset = firstInvalidUtf8Offset(body);
    const before = strict.decode(body.subarray(0, offset));
    const after = body.subarray(offset + 1).toString('utf8');
    const marker = markerFor(before + after);
    let field = '';
    try {
      field = pathHolding(JSON.parse(before + marker + after), marker) ?? '';
    } catch {
      // The bytes are not inside a string (or the JSON is broken too): the body as a whole is named.
    }
    return KitErrors.invalidUtf8(
      { location: 'body', field },
      { details: { location: 'body', field, byte_offset: offset } },
    );
  }
}

/**
 * The `INVALID_UTF8` error for the first key or string of a parsed JSON body that holds a lone
 * surrogate (`"\udc00"` is valid JSON but no Unicode text: stored as UTF-8 it would become
 * U+FFFD); undefined when every string is well formed.
 */
export function checkJsonStrings(value: unknown): AppError | undefined {
  // In `u` mode a surrogate pair is one code point: only a lone surrogate matches the range.
  const lone = /[\uD800-\uDFFF]/u;
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    let bad: string[] | undefined;
    if (typeof item.value === 'string') {
      if (lone.test(item.value)) bad = item.path;
    } else if (item.value !== null && typeof item.value === 'object') {
      for (const [key, child] of Object.entries(item.value)) {
        if (lone.test(key)) {
          bad = [...item.path, key.replace(lone, '\uFFFD')];
          break;
        }
        stack.push({ value: child, path: [...item.path, key] });
      }
    }
    if (bad !== undefined) {
      const field = bad.join('/');
      return KitErrors.invalidUtf8(
        { location: 'body', field },
        {
          details: {
            location: 'body',
            field,
            reason: 'a lone surrogate (U+D800 to U+DFFF) is not Unicode text',
          },
        },
      );
    }
  }
  return undefined;
}

/**
 * The first query parameter whose percent-encoded bytes are not UTF-8, as an `INVALID_UTF8` error;
 * undefined when the query string is sound. (Fastify's parser would pass such bytes on decoded as
 * U+FFFD or left encoded.)
 */
export function checkQueryUtf8(url: string): AppError | undefined {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return undefined;
  for (const pair of url.slice(start + 1).split('&')) {
    const equals = pair.indexOf('=');
    const [name, value] = equals < 0 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)];
    for (const part of [name, value]) {
      try {
        decodeURIComponent(part.replaceAll('+', ' '));
      } catch {
        const field = safeDecode(name);
        return KitErrors.invalidUtf8(
          { location: 'querystring', field },
          { details: { location: 'querystring', field } },
        );
      }
    }
  }
  return undefined;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
