/**
 * The SDK as a package: every operation of the OpenAPI document has a client method, the built
 * client loads nothing of the server, and `@lab/verification/client` imports from outside the
 * package. The last two read the build (`npx tsc -b`).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('../../', import.meta.url));
const REPOSITORY = resolve(PACKAGE, '../..');
const SOURCES = join(PACKAGE, 'src/client');
const BUILT = join(PACKAGE, 'dist/client');

describe('the TypeScript SDK', () => {
  it('calls every operation of the OpenAPI document', () => {
    const document = JSON.parse(readFileSync(join(PACKAGE, 'openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const called = new Set<string>();
    for (const file of readdirSync(SOURCES).filter((name) => name.endsWith('.ts'))) {
      const text = readFileSync(join(SOURCES, file), 'utf8');
      // openapi-fetch's typed calls, and the stream's path (a GET upgraded to a WebSocket).
      for (const [, method, path] of text.matchAll(/api\.(GET|PUT|POST|PATCH|DELETE)\(\s*'([^']+)'/g))
        called.add(`${method} ${path}`);
      for (const [, path] of text.matchAll(/STREAM_PATH = '([^']+)'/g)) called.add(`GET ${path}`);
    }
    expect(operations.filter((operation) => !called.has(operation))).toEqual([]);
    expect(operations.length).toBeGreaterThan(30);
  });

  it('loads only openapi-fetch, ws and Node built-ins at run time (built client)', () => {
    const seen = new Set<string>();
    const external = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const [, specifier] of text.matchAll(
        /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*'([^']+)'|import\s*'([^']+)'/g,
      )) {
        if (specifier === undefined) continue;
        if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
        else external.add(specifier);
      }
    };
    visit(join(BUILT, 'index.js'));
    expect([...seen].every((file) => file.startsWith(BUILT))).toBe(true);
    expect([...external].filter((name) => !name.startsWith('node:')).sort()).toEqual(['openapi-fetch', 'ws']);
  });

  it('imports as @lab/verification/client from outside the package', () => {
    const script = `
      import { PlatformClient, PlatformError } from '@lab/verification/client';
      const error = await new PlatformClient({ url: 'http://127.0.0.1:1' }).health().catch((e) => e);
      console.log(JSON.stringify({ platformError: error instanceof PlatformError, code: error.code }));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: REPOSITORY,
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({ platformError: true, code: 'UNREACHABLE' });
  });
});
