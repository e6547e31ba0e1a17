/** `verifyctl serve` (the compiled binary) in its own process, as the end-to-end tests and the benchmarks start it. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServiceProcess, type ServiceProcess } from '@lab/server-kit/testing';

export const VERIFYCTL = fileURLToPath(new URL('../../bin/verifyctl.js', import.meta.url));
export const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

/** The service over `dataDir` on a free port, with `args` after and `env` added. */
export function serveVerification(
  dataDir: string,
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<ServiceProcess> {
  return startServiceProcess(VERIFYCTL, ['serve', '--port', '0', '--data-dir', dataDir, ...args], {
    env: { ...process.env, ...env },
  });
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** One JSON request to the service; the body is parsed when the answer is JSON. */
export async function api<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const response = await fetch(base + path, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json') && text !== '';
  return { status: response.status, headers: response.headers, body: (json ? JSON.parse(text) : text) as T };
}

/**
 * Every file under `dir`, as a multipart body with one `files[]` part per file named by its
 * relative path; the files of `overlay` (path → text) take the place of those of the same path.
 */
export function filesForm(dir: string, overlay: Record<string, string> = {}): FormData {
  const form = new FormData();
  const walk = (at: string) => {
    for (const entry of readdirSync(at)) {
      const path = join(at, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (!(relative(dir, path) in overlay))
        form.append('files[]', new Blob([readFileSync(path)]), relative(dir, path));
    }
  };
  walk(dir);
  for (const [path, text] of Object.entries(overlay)) form.append('files[]', new Blob([text]), path);
  return form;
}

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
/** An accumulator and a testbench of three tests of +CYCLES clock cycles, run by Icarus: seconds long. */
export const ACCUMULATOR = join(FIXTURES, 'e2e/acc');
/** The accumulator's verify.json with a simulation that runs until it is cancelled. */
export const ENDLESS_SIMULATION = {
  'verify.json': JSON.stringify({
    top_module: 'acc',
    simulation: { simulator: 'icarus', trace: false, coverage: false, plusargs: ['+CYCLES=2000000000'] },
  }),
};

/** Creates a project named `name` and uploads the files under `dir` (and `overlay`) into it; answers its id. */
export async function createProjectFrom(
  base: string,
  name: string,
  dir: string,
  topModule: string,
  headers: Record<string, string> = {},
  overlay: Record<string, string> = {},
): Promise<string> {
  const created = await api<{ id: string }>(base, 'POST', '/projects', {
    body: { name, top_module: topModule, target_pdk: 'sky130A', description: `from ${dir}` },
    headers,
  });
  if (created.status !== 201) throw new Error(`project not created: ${JSON.stringify(created.body)}`);
  const upload = await fetch(`${base}/projects/${created.body.id}/upload`, {
    method: 'POST',
    body: filesForm(dir, overlay),
    headers,
  });
  if (upload.status !== 200) throw new Error(`upload failed: ${await upload.text()}`);
  return created.body.id;
}

/** The same from one of the example projects under examples/. */
export function createExampleProject(base: string, name: string, example: string, topModule: string) {
  return createProjectFrom(base, name, join(EXAMPLES, example), topModule);
}

export interface JobView {
  job_id: string;
  status: string;
  progress: Record<string, { status: string; progress?: string }>;
  error?: { stage: string; code: string; message: string };
  started_at?: string;
  [field: string]: unknown;
}

/** Submits a job and answers its id, failing loudly when the service refuses. */
export async function submitJob(
  base: string,
  projectId: string,
  body: { stages?: string[]; config_overrides?: Record<string, unknown> },
  headers: Record<string, string> = {},
): Promise<string> {
  const submitted = await api<{ job_id: string }>(base, 'POST', `/projects/${projectId}/jobs`, {
    body,
    headers,
  });
  if (submitted.status !== 202)
    throw new Error(`job refused: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  return submitted.body.job_id;
}

/** Polls the job until `until` holds of it (by default: it has ended), within `timeoutMs`. */
export async function waitForJob(
  base: string,
  jobId: string,
  until: (job: JobView) => boolean = (job) => !['queued', 'running'].includes(job.status),
  timeoutMs = 180_000,
  headers: Record<string, string> = {},
): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, headers: answer, body } = await api<JobView>(base, 'GET', `/jobs/${jobId}`, { headers });
    if (status === 429) {
      // The service's request quota (300 a minute by default) is shared with the rest of the test.
      await new Promise((resolve) => setTimeout(resolve, Number(answer.get('retry-after') ?? 1) * 1000));
      continue;
    }
    if (status !== 200) throw new Error(`GET /jobs/${jobId} answered ${status}: ${JSON.stringify(body)}`);
    if (until(body)) return body;
    if (Date.now() > deadline)
      throw new Error(`job ${jobId} did not get there in time: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export type { ServiceProcess };
