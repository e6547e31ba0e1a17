// `npm start`: prepare the workspace, start the three services with their data under DATA_DIR
// (default ./data), print their URLs, and stop them all on Ctrl-C or SIGTERM.
import { spawn } from 'node:child_process';
import { resolve, join } from 'node:path';
import { createInterface } from 'node:readline';
import { prepareWorkspace, ROOT } from './prepare.mjs';

// Each service reads its port from its own environment variable too, so one setting moves both.
const port = (name, fallback) => process.env[name] ?? fallback;
const SERVICES = [
  {
    name: 'hypervisor',
    bin: 'hvctl',
    url: `http://127.0.0.1:${port('HV_PORT', 9400)}/api/v1`,
    also: `gRPC 127.0.0.1:${port('HV_GRPC_PORT', 9401)}`,
  },
  {
    name: 'verification',
    bin: 'verifyctl',
    url: `http://127.0.0.1:${port('PLATFORM_PORT', 8080)}/api/v1`,
    also: `web application http://127.0.0.1:${port('PLATFORM_PORT', 8080)}/`,
  },
  { name: 'quantum', bin: 'qcirc', url: `http://127.0.0.1:${port('QCIRC_PORT', 8787)}` },
];
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

prepareWorkspace();
const dataDir = resolve(process.env.DATA_DIR ?? join(ROOT, 'data'));
const width = Math.max(...SERVICES.map((s) => s.name.length));
let stopping = false;

const children = SERVICES.map((service) => {
  // Own process group: a terminal's Ctrl-C reaches this launcher, which stops each service once.
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'packages', service.name, 'bin', `${service.bin}.js`),
      'serve',
      '--data-dir',
      join(dataDir, service.name),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) =>
      console.log(`${service.name.padEnd(width)} | ${line}`),
    );
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${service.name} exited unexpectedly (${signal ?? `code ${code}`}); stopping the others`);
      void stopAll(1);
    }
  });
  return { service, child };
});

async function waitReady({ service }) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(`${service.url}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${service.name} did not answer ${service.url}/health within ${READY_TIMEOUT_MS / 1000} s`);
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const running = children.filter(({ child }) => !exited(child));
  for (const { child } of running) child.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const { child } of running) if (!exited(child)) child.kill('SIGKILL');
  }, STOP_TIMEOUT_MS);
  await Promise.all(
    running.map(({ child }) => (exited(child) ? null : new Promise((r) => child.once('exit', r)))),
  );
  clearTimeout(timer);
  console.log('all services stopped');
  process.exit(code);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
// Last resort if this process dies some other way: leave no service behind.
process.on('exit', () => {
  for (const { child } of children) if (!exited(child)) child.kill('SIGKILL');
});

try {
  await Promise.all(children.map(waitReady));
} catch (error) {
  console.error(error.message);
  await stopAll(1);
}
if (!stopping) {
  console.log(`\nAll services are up (data in ${dataDir}):`);
  for (const { service } of children)
    console.log(
      `  ${service.name.padEnd(width)}  ${service.url}   (docs: ${service.url}/docs${service.also ? `; ${service.also}` : ''})`,
    );
  console.log('\nPress Ctrl-C to stop them.\n');
}
