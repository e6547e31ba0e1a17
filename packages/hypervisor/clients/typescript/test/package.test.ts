/**
 * The package without a service: its generated sources are current, its browser entry bundles
 * for a browser with nothing from Node, every operation of the API has its method, its packaging
 * is what npm expects, and the pieces under the client (SSE parsing, error kinds) behave.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { errorKindOf, HypervisorClient, readSse, type SseMessage } from '../src/index.js';
import { methodOf, rpcMethods } from './support/conformance.js';

const run = promisify(execFile);
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

describe('generated sources', () => {
  it('are what scripts/generate.mjs makes from openapi.json and errors.json now', async () => {
    await expect(run(process.execPath, [here('../scripts/generate.mjs'), '--check'])).resolves.toBeDefined();
  }, 60_000);
});

describe('the browser entry', () => {
  it('bundles for a browser with no Node module, while the node entry uses them', async () => {
    const browser = await build({
      entryPoints: [here('../src/index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(browser.metafile.inputs);
    expect(inputs.some((input) => input.includes('openapi-fetch'))).toBe(true);
    expect(inputs.filter((input) => input.startsWith('node:'))).toEqual([]);
    expect(browser.outputFiles[0]!.text).not.toMatch(/from\s*["']node:/);

    const node = await build({
      entryPoints: [here('../src/node.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const imports = Object.values(node.metafile.outputs).flatMap((output) =>
      output.imports.map((i) => i.path),
    );
    expect(imports).toEqual(expect.arrayContaining(['node:http', 'node:https', 'node:tls']));
  });
});

describe('coverage of the API', () => {
  it('has a method for every RPC of docs/hypervisor-grpc.md, named after it', () => {
    const rpcs = rpcMethods();
    expect(rpcs).toHaveLength(70);
    const missing = rpcs.filter(
      (rpc) =>
        typeof (HypervisorClient.prototype as unknown as Record<string, unknown>)[methodOf(rpc)] !==
        'function',
    );
    expect(missing).toEqual([]);
  });

  it('calls every route of the OpenAPI document but the public health check', () => {
    const document = JSON.parse(readFileSync(here('../../../openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const source = readFileSync(here('../src/client.ts'), 'utf8');
    const called = new Set(
      [...source.matchAll(/this\.#api\.(GET|POST|PATCH|PUT|DELETE)\(\s*'([^']+)'/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      ),
    );
    expect(routes.filter((route) => !called.has(route)).sort()).toEqual(['GET /api/v1/health']);
    expect([...called].filter((route) => !routes.includes(route))).toEqual([]);
  });
});

describe('packaging', () => {
  it('is @lab/hypervisor-client 1.0.0, Apache-2.0, ESM, with an exports map and types', () => {
    const pkg = JSON.parse(readFileSync(here('../package.json'), 'utf8')) as Record<string, any>;
    expect(pkg).toMatchObject({
      name: '@lab/hypervisor-client',
      version: '1.0.0',
      license: 'Apache-2.0',
      type: 'module',
      types: './dist/index.d.ts',
      exports: {
        '.': { types: './dist/index.d.ts', default: './dist/index.js' },
        './node': { types: './dist/node.d.ts', default: './dist/node.js' },
      },
      dependencies: { 'openapi-fetch': '0.17.0' },
    });
    expect(pkg.files).toContain('dist');
  });
});

async function messages(...chunks: string[]): Promise<SseMessage[]> {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  const out: SseMessage[] = [];
  for await (const message of readSse(body)) out.push(message);
  return out;
}

describe('readSse', () => {
  it('reads id, event, data and retry, skipping comments (heartbeats)', async () => {
    expect(
      await messages('retry: 2000\n\n: heartbeat\n\nid: 7\nevent: vm.created\ndata: {"vm":"a"}\n\n'),
    ).toEqual([
      { id: undefined, event: 'message', data: '', retry: 2000 },
      { id: '7', event: 'vm.created', data: '{"vm":"a"}', retry: undefined },
    ]);
  });

  it('joins data lines and takes CRLF, CR and LF line ends, split anywhere across chunks', async () => {
    const text = 'id: 1\r\nevent: x\r\ndata: a\r\ndata: b\r\n\r\nid: 2\rdata: c\r\rid: 3\ndata:d\n\n';
    const expected = [
      { id: '1', event: 'x', data: 'a\nb', retry: undefined },
      { id: '2', event: 'message', data: 'c', retry: undefined },
      { id: '3', event: 'message', data: 'd', retry: undefined },
    ];
    expect(await messages(text)).toEqual(expected);
    for (let at = 1; at < text.length; at += 1) {
      expect(await messages(text.slice(0, at), text.slice(at))).toEqual(expected);
    }
  });

  it('drops an event cut off before its blank line', async () => {
    expect(await messages('id: 1\ndata: whole\n\nid: 2\ndata: cut')).toEqual([
      { id: '1', event: 'message', data: 'whole', retry: undefined },
    ]);
  });
});

describe('error kinds', () => {
  it("are the catalogue's for known codes and the status's for others", () => {
    expect(errorKindOf('VM_NOT_FOUND', 404)).toBe('not_found');
    expect(errorKindOf('VM_ALREADY_EXISTS', 409)).toBe('already_exists');
    expect(errorKindOf('VM_ALREADY_RUNNING', 409)).toBe('conflict');
    expect(errorKindOf('A_CODE_FROM_A_NEWER_SERVICE', 409)).toBe('conflict');
    expect(errorKindOf('A_CODE_FROM_A_NEWER_SERVICE', 429)).toBe('rate_limited');
    expect(errorKindOf('A_CODE_FROM_A_NEWER_SERVICE', 502)).toBe('internal');
    expect(errorKindOf('A_CODE_FROM_A_NEWER_SERVICE', 418)).toBe('invalid');
  });
});
