/**
 * Failures of `verifyctl`'s client side: its configuration and what it refuses before sending a
 * request. Errors the platform reports arrive as the SDK's `PlatformError`, with the platform's codes.
 */
import { defineError } from '@lab/server-kit/errors';

export const CliErrors = {
  /** Usage commander refuses (an unknown option, a missing argument): exit code 2, like every error. */
  usage: defineError<{ message: string }>('USAGE', 'invalid', (p) => p.message),
  noUrl: defineError<{ context: string }>(
    'NO_PLATFORM_URL',
    'invalid',
    (p) => `no platform URL in context '${p.context}': 'verifyctl config set url URL', VERIFY_URL or --url`,
  ),
  badUrl: defineError<{ url: string }>(
    'INVALID_URL',
    'invalid',
    (p) => `'${p.url}' is not a platform URL: expected http(s)://host[:port], without /api/v1`,
  ),
  contextNotFound: defineError<{ name: string; path: string }>(
    'CONTEXT_NOT_FOUND',
    'not_found',
    (p) => `no context '${p.name}' in ${p.path}; 'verifyctl config get-contexts' lists them`,
  ),
  badContextName: defineError<{ name: string }>(
    'INVALID_CONTEXT',
    'invalid',
    (p) => `'${p.name}' is not a context name: letters, digits, '.', '_' and '-', at most 63`,
  ),
  unsetKey: defineError<{ key: string; context: string }>(
    'CONFIG_KEY_UNSET',
    'not_found',
    (p) => `'${p.key}' is not set in context '${p.context}'`,
  ),
  noProject: defineError(
    'NO_PROJECT',
    'invalid',
    () => "no project: --project ID, VERIFY_PROJECT or 'verifyctl config set project ID'",
  ),
  notConfirmed: defineError<{ what: string }>(
    'NOT_CONFIRMED',
    'invalid',
    (p) => `${p.what} not confirmed: nothing was done (--yes confirms without asking)`,
  ),
  noToken: defineError<{ reason: string }>('NO_TOKEN', 'invalid', (p) => p.reason),
  /** An upload the platform would refuse, found before anything was sent. */
  uploadRefused: defineError<{ path: string; reason: string }>(
    'UPLOAD_REFUSED',
    'invalid',
    (p) => `'${p.path}': ${p.reason}; nothing was sent`,
  ),
  badInput: defineError<{ path: string; reason: string }>(
    'BAD_INPUT',
    'invalid',
    (p) => `cannot use '${p.path}': ${p.reason}`,
  ),
};
