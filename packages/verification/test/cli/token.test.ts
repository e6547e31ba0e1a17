/**
 * `verifyctl token ...`, the compiled binary, on a temporary data directory: the tokens it makes
 * authenticate through `createAuth` on the same database, and its revoke reaches an `Auth` that
 * already accepted the token, as a running server's would.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '@lab/server-kit';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth, roleOf, type Auth } from '../../src/api/auth.js';
import { openStore } from '../../src/store/database.js';

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const VERIFYCTL = join(PACKAGE, 'bin', 'verifyctl.js');
const TOKEN = /^vpt_[A-Za-z0-9_-]{43}\n$/;

let dataDir: string;
let db: Database;
let auth: Auth;

function verifyctl(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  // The data directory is only ever the one a test names.
  const childEnv = { ...process.env, ...env };
  if (env.PLATFORM_DATA_DIR === undefined) delete childEnv.PLATFORM_DATA_DIR;
  const run = spawnSync(process.execPath, [VERIFYCTL, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
    env: childEnv,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The principal a request carrying `headers` authenticates as. */
function principalFor(headers: Record<string, string>) {
  return auth.authenticate({ headers, ip: '127.0.0.1' } as unknown as FastifyRequest);
}

// The binary runs the compiled `dist/`, which `npm test` builds first.
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'verifyctl-token-'));
  db = openStore(dataDir);
  auth = createAuth(db, { enabled: true });
});

afterAll(() => {
  db?.close();
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

describe('verifyctl token', { timeout: 60_000 }, () => {
  let adminToken: string;

  it('creates a token printed alone on stdout, which authenticates with its role', async () => {
    const created = verifyctl([
      'token',
      'create',
      '--name',
      'root',
      '--role',
      'admin',
      '--data-dir',
      dataDir,
    ]);
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(TOKEN);
    expect(created.stderr).toBe("token 'root' created; it is shown only this once, keep it safe\n");
    adminToken = created.stdout.trim();

    const principal = await principalFor({ authorization: `Bearer ${adminToken}` });
    expect(principal?.name).toBe('root');
    expect(roleOf(principal?.scopes ?? [])).toBe('admin');
    expect((await principalFor({ 'x-api-key': adminToken }))?.name).toBe('root');
  });

  it('reads the data directory from PLATFORM_DATA_DIR and sets an expiry', async () => {
    const created = verifyctl(
      ['token', 'create', '--name', 'ci', '--role', 'viewer', '--expires-in-days', '7'],
      {
        PLATFORM_DATA_DIR: dataDir,
      },
    );
    expect(created.status).toBe(0);
    const principal = await principalFor({ authorization: `Bearer ${created.stdout.trim()}` });
    expect(roleOf(principal?.scopes ?? [])).toBe('viewer');
    expect(auth.tokens.list().find((t) => t.name === 'ci')?.expires_at).not.toBeNull();
  });

  it('lists the tokens with their roles, never their secrets', () => {
    const listed = verifyctl(['token', 'list', '--data-dir', dataDir]);
    expect(listed.status).toBe(0);
    const lines = listed.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+ROLE\s+CREATED\s+LAST USED\s+EXPIRES$/);
    expect(lines.slice(1).map((line) => line.split(/\s+/).slice(0, 2))).toEqual([
      ['root', 'admin'],
      ['ci', 'viewer'],
    ]);
    expect(listed.stdout).not.toContain('vpt_');
  });

  it('refuses a taken name, an unknown role and a lifetime out of range', () => {
    const taken = verifyctl(['token', 'create', '--name', 'root', '--role', 'viewer', '--data-dir', dataDir]);
    expect(taken.status).toBe(2);
    expect(taken.stdout).toBe('');
    expect(taken.stderr).toBe("verifyctl: TOKEN_EXISTS: a token named 'root' already exists\n");

    const role = verifyctl(['token', 'create', '--name', 'x', '--role', 'owner', '--data-dir', dataDir]);
    expect(role.status).not.toBe(0);
    expect(role.stderr).toContain('owner');

    const days = ['token', 'create', '--name', 'x', '--role', 'viewer', '--expires-in-days', '0'];
    const lifetime = verifyctl([...days, '--data-dir', dataDir]);
    expect(lifetime.status).not.toBe(0);
    expect(lifetime.stderr).toContain('days from 1 to 3650');
  });

  it('revokes a token that a running server has already accepted', async () => {
    expect(await principalFor({ authorization: `Bearer ${adminToken}` })).not.toBeNull();
    const revoked = verifyctl(['token', 'revoke', '--name', 'root', '--data-dir', dataDir]);
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).toBe("token 'root' revoked\n");
    expect(await principalFor({ authorization: `Bearer ${adminToken}` })).toBeNull();

    const again = verifyctl(['token', 'revoke', '--name', 'root', '--data-dir', dataDir]);
    expect(again.status).toBe(2);
    expect(again.stderr).toBe("verifyctl: TOKEN_NOT_FOUND: no token named 'root'\n");
  });
});
