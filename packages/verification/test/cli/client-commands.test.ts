/**
 * verifyctl's commands against a running platform: the compiled binary as a process, against a
 * real platform process with authentication on, one platform for the file. Configuration and
 * contexts (the file's mode, precedence of flags, variables and contexts), login (good, bad, and
 * typed at a terminal without echo), project, upload (.gitignore honoured, refusals made before
 * anything is sent), artifact, webhook and token through the API, each with its error path.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createProjectFrom,
  EXAMPLES,
  serveVerification,
  VERIFYCTL,
  waitForJob,
  type ServiceProcess,
} from '../support/serve.js';
import { verifyctl, type CliRun } from '../support/verifyctl.js';

/** verifyctl with `input` on standard input (a pipe, not a terminal). */
function verifyctlWithInput(args: readonly string[], input: string, env: NodeJS.ProcessEnv): CliRun {
  const run = spawnSync(process.execPath, [VERIFYCTL, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * `verifyctl login` on a pseudo-terminal (Python's pty module): the token is typed once the
 * prompt shows, and everything the terminal showed comes back.
 */
function loginAtTerminal(token: string, env: NodeJS.ProcessEnv): CliRun {
  const script = `
import os, pty, sys
node, verifyctl, token = sys.argv[1:4]
pid, fd = pty.fork()
if pid == 0:
    os.execv(node, [node, verifyctl, 'login'])
shown = b''
while b'Token: ' not in shown:
    shown += os.read(fd, 1024)
os.write(fd, token.encode() + b'\\r')
while True:
    try:
        chunk = os.read(fd, 1024)
    except OSError:
        break
    if not chunk:
        break
    shown += chunk
_, status = os.waitpid(pid, 0)
sys.stdout.write(shown.decode())
sys.exit(os.waitstatus_to_exitcode(status))
`;
  const run = spawnSync('python3', ['-c', script, process.execPath, VERIFYCTL, token], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 30_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const json = <T = Record<string, unknown>>(run: CliRun): T => JSON.parse(run.stdout) as T;

describe('verifyctl against a running platform', { timeout: 60_000 }, () => {
  let root: string;
  let server: ServiceProcess;
  let base: string;
  let origin: string;
  const tokens = { admin: '', developer: '', viewer: '' };
  let configHome: string;
  /** A person's environment: only the configuration file, no VERIFY_* variable. */
  let person: NodeJS.ProcessEnv;
  /** A CI job's: the platform and a token from variables. */
  let ci: (token?: string) => NodeJS.ProcessEnv;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  /** A lint job for the artifact commands, submitted first so that it runs while the other tests do. */
  let job: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'vp-cli-client-'));
    const dataDir = join(root, 'data');
    configHome = join(root, 'config');
    // The first admin token, the local way: straight into the data directory.
    const admin = verifyctlWithInput(
      ['token', 'create', '--name', 'admin', '--role', 'admin', '--data-dir', dataDir],
      '',
      {},
    );
    expect(admin.code, admin.stderr).toBe(0);
    tokens.admin = admin.stdout.trim();
    server = await serveVerification(dataDir, ['--webhook-allow-private', 'true'], {
      PLATFORM_AUTH_ENABLED: 'true',
    });
    base = server.url;
    origin = base.replace(/\/api\/v1$/, '');
    for (const role of ['developer', 'viewer'] as const) {
      tokens[role] = (
        await api<{ token: string }>(base, 'POST', '/tokens', {
          body: { name: role, role },
          headers: as(tokens.admin),
        })
      ).body.token;
    }
    const project = await createProjectFrom(
      base,
      'artifacts',
      join(EXAMPLES, 'counter'),
      'counter',
      as(tokens.developer),
    );
    const submitted = await api<{ job_id: string }>(base, 'POST', `/projects/${project}/jobs`, {
      body: { stages: ['lint'] },
      headers: as(tokens.developer),
    });
    job = submitted.body.job_id;
    const clean = { VERIFY_URL: '', VERIFY_TOKEN: '', VERIFY_PROJECT: '', XDG_CONFIG_HOME: configHome };
    person = clean;
    ci = (token = tokens.developer) => ({ ...clean, VERIFY_URL: origin, VERIFY_TOKEN: token });
  });

  afterAll(async () => {
    await server?.stop();
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });

  describe('config and login', () => {
    const file = () => join(configHome, 'verifyctl', 'config.json');

    it('stores the URL, refuses a bad token, then logs in with a good one, in a 0600 file of a 0700 directory', async () => {
      expect((await verifyctl(['config', 'set', 'url', `${origin}/`], person)).code).toBe(0);
      expect(statSync(file()).mode & 0o777).toBe(0o600);
      expect(statSync(join(configHome, 'verifyctl')).mode & 0o777).toBe(0o700);

      const bad = verifyctlWithInput(['login'], 'vpt_not-a-token\n', person);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/^verifyctl: UNAUTHORIZED: /);
      expect(readFileSync(file(), 'utf8')).not.toContain('vpt_not-a-token');

      const good = verifyctlWithInput(['login'], `${tokens.viewer}\n`, person);
      expect(good.code, good.stderr).toBe(0);
      expect(good.stderr).toContain(`logged in to ${origin} with a token of role viewer`);
      expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({
        version: 1,
        current_context: 'default',
        contexts: { default: { url: origin, token: tokens.viewer } },
      });
    });

    it('prompts at a terminal without echoing the token', () => {
      // The developer's token, which the tests that follow use.
      const run = loginAtTerminal(tokens.developer, { ...person });
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toContain('Token: ');
      expect(run.stdout).toContain('a token of role developer');
      expect(run.stdout).not.toContain(tokens.developer);
      expect(run.stdout).not.toContain(tokens.developer.slice(4, 12));
    });

    it('lists the values with their source, the token masked, variables over the context', async () => {
      const list = await verifyctl(['config', 'list', '--json'], { ...person, VERIFY_TOKEN: tokens.viewer });
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout).not.toContain(tokens.viewer.slice(4, 12));
      expect(json(list).values).toEqual([
        { key: 'url', value: origin, source: 'context' },
        { key: 'token', value: `vpt_****${tokens.viewer.slice(-4)}`, source: 'env' },
        { key: 'project', value: null, source: 'unset' },
      ]);
      const got = await verifyctl(['config', 'get', 'token'], person);
      expect(got.stdout).toBe(`${tokens.developer}\n`);
    });

    it('switches contexts in kubectl style; --context and VERIFY_URL override the current one; flags override both', async () => {
      const unreachable = 'http://127.0.0.1:1';
      expect(
        (await verifyctl(['--context', 'staging', 'config', 'set', 'url', unreachable], person)).code,
      ).toBe(0);
      expect((await verifyctl(['config', 'use-context', 'staging'], person)).code).toBe(0);
      const [current, contexts, viaContext, viaEnv, viaOther, viaFlag] = await Promise.all([
        verifyctl(['config', 'current-context'], person),
        verifyctl(['config', 'get-contexts'], person),
        verifyctl(['project', 'list'], person),
        verifyctl(['project', 'list', '--json'], {
          ...person,
          VERIFY_URL: origin,
          VERIFY_TOKEN: tokens.viewer,
        }),
        verifyctl(['project', 'list', '--context', 'default', '--json'], person),
        verifyctl(['project', 'list', '--url', unreachable], ci()),
      ]);
      expect(current.stdout).toBe('staging\n');
      expect(contexts.stdout).toMatch(
        /^CURRENT +NAME +URL +PROJECT +TOKEN\n +default +http:\/\/127\.0\.0\.1:\d+ +- +vpt_\*\*\*\*\S{4}\n\* +staging +http:\/\/127\.0\.0\.1:1 +- +-\n$/,
      );
      // The platform that cannot be reached: exit 2, whether it came from the context or a flag.
      for (const run of [viaContext, viaFlag]) {
        expect(run.code).toBe(2);
        expect(run.stderr).toMatch(
          /^verifyctl: UNREACHABLE: no platform answered at http:\/\/127\.0\.0\.1:1\b/,
        );
      }
      expect(viaEnv.code, viaEnv.stderr).toBe(0);
      expect(viaOther.code, viaOther.stderr).toBe(0);
      expect(json(viaOther)).toMatchObject({ projects: [{ name: 'artifacts' }], total: 1 });

      const missing = await verifyctl(['config', 'use-context', 'prod'], person);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toBe(
        `verifyctl: CONTEXT_NOT_FOUND: no context 'prod' in ${file()}; 'verifyctl config get-contexts' lists them\n`,
      );
      expect((await verifyctl(['config', 'use-context', 'default'], person)).code).toBe(0);
    });

    it('refuses a file others may read, as ssh refuses such a key', async () => {
      chmodSync(file(), 0o644);
      const run = await verifyctl(['project', 'list'], person);
      chmodSync(file(), 0o600);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`verifyctl: CONFIG_UNSAFE: ${file()} is mode 0644`);
    });
  });

  describe('project', () => {
    it('creates (the JSON has the id), shows, lists, updates and deletes a project', async () => {
      const created = await verifyctl(
        ['project', 'create', 'alu', '--top-module', 'alu', '--description', 'an ALU', '--json'],
        person,
      );
      expect(created.code, created.stderr).toBe(0);
      const { id } = json<{ id: string }>(created);
      expect(id).toMatch(/^prj_[0-9a-f]{16}$/);
      expect(json(created)).toMatchObject({
        name: 'alu',
        top_module: 'alu',
        target_pdk: 'generic',
        description: 'an ALU',
      });

      const [shown, listed, updated] = await Promise.all([
        verifyctl(['project', 'show', id], person),
        verifyctl(['project', 'list', '--sort', '-created_at', '--per-page', '5'], person),
        verifyctl(['project', 'update', id, '--target-pdk', 'sky130A', '--json'], person),
      ]);
      expect(shown.stdout).toMatch(new RegExp(`^id: +${id}\nname: +alu\ntop module: +alu\n`));
      expect(listed.stdout).toMatch(
        new RegExp(`^ID +NAME +TOP MODULE +PDK +STATUS +CREATED\n${id} +alu +alu `),
      );
      expect(listed.stdout).toMatch(/\(page 1 of 1, 2 projects\)\n$/);
      // Fields not given keep their values.
      expect(json(updated)).toMatchObject({ name: 'alu', target_pdk: 'sky130A', description: 'an ALU' });

      const unconfirmed = await verifyctl(['project', 'delete', id], person);
      expect(unconfirmed.code).toBe(2);
      expect(unconfirmed.stderr).toMatch(/^verifyctl: NOT_CONFIRMED: /);
      expect((await verifyctl(['project', 'delete', id, '--yes'], person)).code).toBe(0);
      expect((await api(base, 'GET', `/projects/${id}`, { headers: as(tokens.admin) })).status).toBe(404);
    });

    it('exits 2 with the code for an unknown project, a viewer creating one, and bad usage', async () => {
      const [unknown, viewer, usage] = await Promise.all([
        verifyctl(['project', 'show', 'prj_0000000000000000'], person),
        verifyctl(['project', 'create', 'x', '--top-module', 'x'], ci(tokens.viewer)),
        verifyctl(['project', 'create', 'x'], person),
      ]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toBe("verifyctl: NOT_FOUND: project 'prj_0000000000000000' does not exist\n");
      expect(viewer.code).toBe(2);
      expect(viewer.stderr).toBe(
        "verifyctl: FORBIDDEN: this credential lacks the scope 'platform:write' (the token's role is viewer; this needs developer)\n",
      );
      expect(usage.code).toBe(2);
      expect(usage.stderr).toBe("verifyctl: USAGE: required option '--top-module <module>' not specified\n");
    });
  });

  describe('upload', () => {
    let project: string;
    let folder: string;

    beforeAll(async () => {
      project = (
        await api<{ id: string }>(base, 'POST', '/projects', {
          body: { name: 'uploads', top_module: 'counter', target_pdk: 'generic' },
          headers: as(tokens.developer),
        })
      ).body.id;
      folder = join(root, 'work');
      const files: Record<string, string> = {
        '.gitignore': 'build/\n*.log\n',
        'rtl/counter.v': 'module counter; endmodule\n',
        'rtl/.gitignore': '!notes.log\n',
        'rtl/notes.log': 're-included below rtl',
        'sim.log': 'ignored',
        'build/a.o': 'ignored',
        '.git/config': 'never sent',
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(folder, path, '..'), { recursive: true });
        writeFileSync(join(folder, path), text);
      }
    });

    const stored = async () =>
      (
        await api<{ files: { path: string }[] }>(base, 'GET', `/projects/${project}/files`, {
          headers: as(tokens.developer),
        })
      ).body.files.map((f) => f.path);

    it("sends a folder's files as git would track them, and a file under its name", async () => {
      const run = await verifyctl(
        ['upload', folder, join(folder, 'rtl', 'counter.v'), '--project', project, '--json'],
        person,
      );
      expect(run.code, run.stderr).toBe(0);
      const sent = ['.gitignore', 'rtl/.gitignore', 'rtl/counter.v', 'rtl/notes.log', 'counter.v'];
      expect(json(run)).toEqual({ uploaded: 5, project_id: project, files: sent });
      expect(await stored()).toEqual([...sent].sort());
    });

    it('refuses before sending what the platform would refuse: nothing reaches it', async () => {
      // A listener that only counts connections stands where the platform's URL points.
      let connections = 0;
      const listener: Server = createServer((socket) => {
        connections += 1;
        socket.destroy();
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      const { port } = listener.address() as { port: number };
      writeFileSync(join(root, 'back\\slash.v'), 'x');
      const [badName, tooBig] = await Promise.all([
        verifyctl(['upload', '--project', project, join(root, 'back\\slash.v')], {
          ...ci(),
          VERIFY_URL: `http://127.0.0.1:${port}`,
        }),
        verifyctl(['upload', '--project', project, folder, '--max-bytes', '10'], ci()),
      ]);
      listener.close();
      expect(badName.code).toBe(2);
      expect(badName.stderr).toBe(
        `verifyctl: UPLOAD_REFUSED: '${join(root, 'back\\slash.v')}': files[]: 'back\\slash.v' contains '\\'; nothing was sent\n`,
      );
      expect(connections).toBe(0);
      expect(tooBig.code).toBe(2);
      expect(tooBig.stderr).toMatch(
        /^verifyctl: UPLOAD_REFUSED: '\.': \d+ bytes, but the platform takes at most 10 bytes per upload/,
      );
    });

    it('exits 2 with NOT_FOUND for an unknown project, and NO_PROJECT without one', async () => {
      const [unknown, none] = await Promise.all([
        verifyctl(['upload', '--project', 'prj_0000000000000000', folder], ci()),
        verifyctl(['upload', folder], ci()),
      ]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toBe("verifyctl: NOT_FOUND: project 'prj_0000000000000000' does not exist\n");
      expect(none.code).toBe(2);
      expect(none.stderr).toMatch(/^verifyctl: NO_PROJECT: /);
    });
  });

  describe('artifact', () => {
    it("lists a job's artifacts and downloads one", async () => {
      await waitForJob(base, job, undefined, undefined, as(tokens.developer));
      const target = join(root, 'lint.log');
      const [listed, got, unknown] = await Promise.all([
        verifyctl(['artifact', 'list', '--job', job], ci(tokens.viewer)),
        verifyctl(['artifact', 'get', '--job', job, 'lint.log', '-o', target], ci(tokens.viewer)),
        verifyctl(['artifact', 'get', '--job', job, 'nothing.fst'], ci(tokens.viewer)),
      ]);
      expect(listed.stdout).toMatch(/^NAME +STAGE +SIZE +TYPE +CREATED\nlint\.log +lint +\d+ +text\/plain/);
      expect(got.code, got.stderr).toBe(0);
      const served = await api<string>(base, 'GET', `/jobs/${job}/artifacts/lint.log`, {
        headers: as(tokens.viewer),
      });
      expect(readFileSync(target, 'utf8')).toBe(served.body);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/^verifyctl: NOT_FOUND: /);
    });
  });

  describe('webhook', () => {
    it('registers, lists, changes, pings, lists deliveries, redelivers and deletes a webhook (admin only)', async () => {
      const admin = ci(tokens.admin);
      const target = 'http://127.0.0.1:9/hook';
      const created = await verifyctl(
        [
          'webhook',
          'create',
          target,
          '--events',
          'job.completed,job.failed',
          '--secret',
          'a-secret-of-16-chars',
          '--json',
        ],
        admin,
      );
      expect(created.code, created.stderr).toBe(0);
      const hook = json<{ webhook_id: string }>(created).webhook_id;
      expect(json(created)).toMatchObject({
        url: target,
        events: ['job.completed', 'job.failed'],
        active: true,
      });

      // The list runs beside the update: it shows the events before or after it.
      const [listed, shown, updated, developer] = await Promise.all([
        verifyctl(['webhook', 'list'], admin),
        verifyctl(['webhook', 'show', hook], admin),
        verifyctl(['webhook', 'update', hook, '--events', 'job.failed', '--json'], admin),
        verifyctl(['webhook', 'list'], ci()),
      ]);
      expect(listed.stdout).toMatch(
        new RegExp(
          `^ID +URL +EVENTS +PROJECT +ACTIVE\n${hook} +${target} +(job\\.completed,)?job\\.failed +\\* +true$`,
          'm',
        ),
      );
      expect(shown.stdout).toMatch(new RegExp(`^id: +${hook}\nurl: +${target}\n`));
      expect(json(updated)).toMatchObject({ events: ['job.failed'] });
      expect(developer.code).toBe(2);
      expect(developer.stderr).toMatch(/^verifyctl: FORBIDDEN: .*role is developer; this needs admin/);

      const ping = await verifyctl(['webhook', 'ping', hook, '--json'], admin);
      expect(ping.code, ping.stderr).toBe(0);
      const delivery = json<{ delivery_id: string }>(ping).delivery_id;
      const again = await verifyctl(['webhook', 'redeliver', hook, delivery, '--json'], admin);
      const deliveries = await verifyctl(['webhook', 'deliveries', hook], admin);
      // Newest first: the redelivery, then the ping.
      expect(deliveries.stdout).toMatch(
        new RegExp(
          `^ID +EVENT +STATE +ATTEMPTS +LAST STATUS +CREATED\\n${json<{ delivery_id: string }>(again).delivery_id} +ping .*\\n${delivery} +ping `,
        ),
      );
      expect(json(again)).toMatchObject({ event: 'ping', redelivery_of: delivery });

      const deleted = await verifyctl(['webhook', 'delete', hook], admin);
      expect(deleted.stderr).toBe(`webhook ${hook} deleted\n`);
      expect((await api(base, 'GET', `/webhooks/${hook}`, { headers: as(tokens.admin) })).status).toBe(404);
      const gone = await verifyctl(['webhook', 'ping', hook], admin);
      expect(gone.code).toBe(2);
      expect(gone.stderr).toMatch(/^verifyctl: NOT_FOUND: /);
    });
  });

  describe('token', () => {
    it('goes through the API when a platform URL is known, and to the data directory with --data-dir', async () => {
      const admin = ci(tokens.admin);
      const created = await verifyctl(['token', 'create', '--name', 'robot', '--role', 'viewer'], admin);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toMatch(/^vpt_[A-Za-z0-9_-]{43}\n$/);
      // The new token works against the platform at once.
      const robot = await api(base, 'GET', '/projects', { headers: as(created.stdout.trim()) });
      expect(robot.status).toBe(200);

      const [listed, local] = await Promise.all([
        verifyctl(['token', 'list', '--json'], admin),
        verifyctl(['token', 'list', '--data-dir', join(root, 'data')], admin),
      ]);
      const names = json<{ tokens: { name: string; role: string }[] }>(listed).tokens.map((t) => [
        t.name,
        t.role,
      ]);
      expect(names).toEqual([
        ['admin', 'admin'],
        ['developer', 'developer'],
        ['viewer', 'viewer'],
        ['robot', 'viewer'],
      ]);
      // The same tokens, read from the database itself.
      expect(local.stdout).toMatch(/^NAME +ROLE +CREATED +LAST USED +EXPIRES\nadmin +admin /);
      expect(local.stdout).toMatch(/^robot +viewer /m);

      const [revoked, developer] = await Promise.all([
        verifyctl(['token', 'revoke', '--name', 'robot'], admin),
        verifyctl(['token', 'revoke', '--name', 'viewer'], ci()),
      ]);
      expect(revoked.stdout).toBe("token 'robot' revoked\n");
      expect((await api(base, 'GET', '/projects', { headers: as(created.stdout.trim()) })).status).toBe(401);
      expect(developer.code).toBe(2);
      expect(developer.stderr).toMatch(/^verifyctl: FORBIDDEN: /);
    });
  });
});
