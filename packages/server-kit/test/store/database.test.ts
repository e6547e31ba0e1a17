import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inTransaction, openDatabase, type Migration } from '../../src/index.js';
import { tempDir } from '../helpers.js';

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'items',
    sql: 'CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT NOT NULL) STRICT;',
  },
];

describe('openDatabase', () => {
  const dir = tempDir();

  it('creates the directory and opens in WAL mode with a busy timeout and foreign keys', () => {
    const db = openDatabase(join(dir, 'nested', 'svc.db'), { namespace: 'svc', migrations: MIGRATIONS });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it('applies a transaction whole or not at all', () => {
    const db = openDatabase(join(dir, 'tx.db'), { namespace: 'svc', migrations: MIGRATIONS });
    expect(() =>
      inTransaction(db, () => {
        db.prepare("INSERT INTO items (label) VALUES ('first')").run();
        throw new Error('changed my mind');
      }),
    ).toThrow('changed my mind');
    expect(db.prepare('SELECT count(*) AS n FROM items').get()).toEqual({ n: 0 });
    db.close();
  });

  it('keeps every committed transaction when the writing process is killed with SIGKILL', async () => {
    const file = join(dir, 'durable.db');
    openDatabase(file, { namespace: 'svc', migrations: MIGRATIONS }).close();
    // A separate process commits rows one transaction at a time and reports each commit.
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const D = require('better-sqlite3');
         const db = new D(process.argv[1]);
         db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL');
         const put = db.prepare('INSERT INTO items (label) VALUES (?)');
         let i = 0;
         setInterval(() => { put.run('row ' + ++i); process.stdout.write(i + '\\n'); }, 2);`,
        file,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let committed = 0;
    await new Promise<void>((resolve) => {
      writer.stdout.on('data', (chunk: Buffer) => {
        committed = Math.max(committed, ...chunk.toString().trim().split('\n').map(Number));
        if (committed >= 50) resolve();
      });
    });
    writer.kill('SIGKILL');
    await new Promise((resolve) => writer.once('exit', resolve));

    const db = openDatabase(file, { namespace: 'svc', migrations: MIGRATIONS });
    const { n } = db.prepare('SELECT count(*) AS n FROM items').get() as { n: number };
    expect(n).toBeGreaterThanOrEqual(committed);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});
