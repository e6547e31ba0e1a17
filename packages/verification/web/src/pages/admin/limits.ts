/**
 * What the admin forms offer and state, read from the platform's own OpenAPI document rather than
 * restated here: the webhook events (the schema's enum), the secret's length, the token roles, the
 * token name's pattern and the longest token lifetime. The generated types check the names at
 * compile time; this reads the values the running server enforces.
 */
import type { Schemas } from '../../api/client.js';
import type { Role } from '../../session.js';

export type WebhookEvent = Schemas['Webhook']['events'][number];

export interface AdminLimits {
  webhookEvents: WebhookEvent[];
  secret: { min: number; max: number };
  roles: Role[];
  tokenName: string;
  tokenDays: { min: number; max: number };
}

type Json = Record<string, unknown>;

function at(value: unknown, path: readonly string[]): unknown {
  let here = value;
  for (const key of path) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = (here as Json)[key];
  }
  return here;
}

function required<T>(value: unknown, path: readonly string[], check: (v: unknown) => v is T): T {
  const found = at(value, path);
  if (!check(found)) throw new Error(`the API document lacks ${path.join('.')}`);
  return found;
}

const isNumber = (v: unknown): v is number => typeof v === 'number';
const isString = (v: unknown): v is string => typeof v === 'string';
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

function bodyOf(path: string): string[] {
  return ['paths', path, 'post', 'requestBody', 'content', 'application/json', 'schema', 'properties'];
}

/** The limits in `document`, the platform's `/api/v1/openapi.json`; throws if one is missing. */
export function readAdminLimits(document: unknown): AdminLimits {
  const webhook = bodyOf('/api/v1/webhooks');
  const token = bodyOf('/api/v1/tokens');
  return {
    webhookEvents: required(document, [...webhook, 'events', 'items', 'enum'], isStrings) as WebhookEvent[],
    secret: {
      min: required(document, [...webhook, 'secret', 'minLength'], isNumber),
      max: required(document, [...webhook, 'secret', 'maxLength'], isNumber),
    },
    roles: required(document, [...token, 'role', 'enum'], isStrings) as Role[],
    tokenName: required(document, [...token, 'name', 'pattern'], isString),
    tokenDays: {
      min: required(document, [...token, 'expires_in_days', 'minimum'], isNumber),
      max: required(document, [...token, 'expires_in_days', 'maximum'], isNumber),
    },
  };
}

let loading: Promise<AdminLimits> | undefined;

/** The running platform's limits, fetched once per page load (the document needs no credential). */
export function loadAdminLimits(): Promise<AdminLimits> {
  loading ??= fetch('/api/v1/openapi.json', { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`the API document answered ${response.status}`);
      return readAdminLimits(await response.json());
    })
    .catch((error: unknown) => {
      loading = undefined; // the next page asks again
      throw error;
    });
  return loading;
}

const DAY_MS = 86_400_000;

/**
 * The expiry a token created at `now` with a lifetime of `days` gets, as the server computes it
 * (creation time plus whole days); undefined when `days` is blank (the token lasts until revoked),
 * not a whole number, or outside `range` (the platform refuses it).
 */
export function expiryOf(days: string, now: Date, range: AdminLimits['tokenDays']): Date | undefined {
  const text = days.trim();
  if (!/^\d+$/.test(text)) return undefined;
  const count = Number(text);
  if (count < range.min || count > range.max) return undefined;
  return new Date(now.getTime() + count * DAY_MS);
}

/**
 * The form field an error envelope's `details` point at: its `field` (for an array item like
 * `events.0`, the array), if it is one of `fields`; otherwise undefined (the error is the form's).
 */
export function fieldOfError<F extends string>(
  details: Record<string, unknown>,
  fields: readonly F[],
): F | undefined {
  const field = details['field'];
  if (typeof field !== 'string') return undefined;
  const root = field.replace(/^\//, '').split(/[./]/)[0];
  return fields.find((name) => name === root);
}

/** A new webhook secret: 32 random bytes, base64url (43 characters, inside the API's 16 to 256). */
export function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}
