/** The scopes of this service: `admin`, and read and write of each resource. */
import { scopeCatalogue } from '@lab/server-kit';

export const SCOPE_RESOURCES = [
  'vm',
  'storage',
  'network',
  'pqc',
  'system',
  'audit',
  'events',
  'operations',
] as const;
export const SCOPES: readonly string[] = scopeCatalogue(SCOPE_RESOURCES);
export const TOKEN_PREFIX = 'hvt_';
