/**
 * `npm run generate -w packages/hypervisor` (after buf): writes `openapi.json` and
 * `clients/errors.json` from client-contract.ts, formatted by Prettier as `npm run lint` checks
 * them. CI regenerates both and fails on a difference; test/clients/contract.test.ts checks them too.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { errorCatalogue, openApiDocument } from './client-contract.js';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

async function writeJson(file: string, value: unknown): Promise<void> {
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(value), { ...options, filepath: file }));
  console.log(`wrote ${file}`);
}

await writeJson(join(PACKAGE, 'clients', 'errors.json'), errorCatalogue());
await writeJson(join(PACKAGE, 'openapi.json'), await openApiDocument());
