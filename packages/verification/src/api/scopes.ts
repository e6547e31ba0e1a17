/**
 * The permission model: three roles over one resource. A viewer reads; a developer also creates
 * projects, uploads and runs jobs; an admin also manages tokens and webhooks. Roles are kept as
 * the kit's scopes, whose `write`-includes-`read` and `admin`-includes-all rules give the order.
 */
import type { Access } from '@lab/server-kit';
import { scopeCatalogue } from '@lab/server-kit/cli';

export const SCOPES = scopeCatalogue(['platform']);
export const READ = { scope: 'platform:read' } as const satisfies Access;
export const WRITE = { scope: 'platform:write' } as const satisfies Access;
export const ADMIN = { scope: 'admin' } as const satisfies Access;

export const ROLES = { viewer: ['platform:read'], developer: ['platform:write'], admin: ['admin'] } as const;
export type Role = keyof typeof ROLES;
/** Longest lifetime a token may be given, in days. */
export const MAX_TOKEN_DAYS = 3650;
