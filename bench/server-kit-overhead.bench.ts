// What the server kit costs per request: the same small JSON route served by a bare Fastify app
// (the peer) and by the kit's app (request ids, access check, error envelope hooks, strict
// validation), measured with autocannon in the same run. Reported as requests/s and a ratio.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { pino } from 'pino';
import { Type } from 'typebox';
import { cpus } from 'node:os';
import {
  bearerToken,
  createApp,
  createTokenStore,
  defineRoute,
  openDatabase,
  registerRoutes,
  scopeCatalogue,
} from '../packages/server-kit/src/index.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 16;
const body = { status: 'ok', service: 'bench', version: '0.0.0', uptime_seconds: 1 };
const Response = Type.Object({
  status: Type.String(),
  service: Type.String(),
  version: Type.String(),
  uptime_seconds: Type.Number(),
});

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const bare = Fastify({ logger: false });
bare.get('/health', { schema: { response: { 200: Response } } }, async () => body);
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

const kit = await createApp({ title: 'bench', version: '0', prefix: '', logger: pino({ level: 'silent' }) });
const db = openDatabase(':memory:', { namespace: 'bench', migrations: [] });
const tokens = createTokenStore(db, { prefix: 'bch_', scopes: scopeCatalogue(['vm']) });
const { token } = tokens.create({ name: 'bench', scopes: ['vm:read'] });
registerRoutes(
  kit,
  [
    defineRoute({
      method: 'GET',
      url: '/health',
      summary: 'public',
      tags: [],
      access: 'public',
      schema: { response: { 200: Response } },
      handler: async () => body,
    }),
    defineRoute({
      method: 'GET',
      url: '/vms',
      summary: 'with a token',
      tags: [],
      access: { scope: 'vm:read' },
      schema: { response: { 200: Response } },
      handler: async () => body,
    }),
  ],
  {
    prefix: '',
    scopes: scopeCatalogue(['vm']),
    authenticate: (request) => {
      const presented = bearerToken(request);
      const record = presented === undefined ? null : tokens.authenticate(presented);
      return record === null ? null : { name: record.name, scopes: record.scopes };
    },
  },
);
const kitUrl = await kit.listen({ host: '127.0.0.1', port: 0 });

await measure(`${bareUrl}/health`); // warm-up of both paths
await measure(`${kitUrl}/health`);
const peer = await measure(`${bareUrl}/health`);
const open = await measure(`${kitUrl}/health`);
const authed = await measure(`${kitUrl}/vms`, { authorization: `Bearer ${token}` });

console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per run, server in the same process`);
console.log('| server | requests/s | p99 latency (ms) | ratio to bare Fastify |');
console.log('|---|---:|---:|---:|');
for (const [name, r] of [
  ['bare Fastify (peer)', peer],
  ['server kit, public route', open],
  ['server kit, token + scope check', authed],
] as const) {
  console.log(`| ${name} | ${Math.round(r.rps)} | ${r.p99} | ${(r.rps / peer.rps).toFixed(2)} |`);
}
await Promise.all([bare.close(), kit.close()]);
db.close();
