import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectAppError } from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createSealer, HOST_KEY_FILE } from '../../src/pqc/host-key.js';

const root = mkdtempSync(join(tmpdir(), 'hv-host-key-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let dirs = 0;
/** The host key path in a fresh directory. */
function keyFile(): string {
  dirs += 1;
  return join(root, `${dirs}-${HOST_KEY_FILE}`);
}

const SECRET = Uint8Array.from({ length: 100 }, (_, i) => (i * 7) & 0xff);
const CONTEXT = 'pqc-key/signer/1/ML-DSA-65';

describe('host key sealing', () => {
  it('creates the host key on first use: 32 bytes, mode 0600', () => {
    const file = keyFile();
    createSealer(file);
    const info = statSync(file);
    expect(info.mode & 0o777).toBe(0o600);
    expect(info.size).toBe(32);
    expect(readFileSync(file).equals(Buffer.alloc(32))).toBe(false);
  });

  it('keeps the key: a second sealer on the same file opens what the first sealed', () => {
    const file = keyFile();
    const first = createSealer(file);
    const key = readFileSync(file);
    const sealed = first.seal(SECRET, CONTEXT);
    const second = createSealer(file);
    expect(readFileSync(file).equals(key)).toBe(true);
    expect(second.open(sealed, CONTEXT)).toEqual(SECRET);
    expect(first.open(second.seal(SECRET, CONTEXT), CONTEXT)).toEqual(SECRET);
  });

  it('refuses a host key file others can read', () => {
    const file = keyFile();
    createSealer(file);
    chmodSync(file, 0o644);
    expectAppError(() => createSealer(file), 'HOST_KEY_INSECURE', file, '0644');
    chmodSync(file, 0o640);
    expectAppError(() => createSealer(file), 'HOST_KEY_INSECURE', '0640');
  });

  it('refuses a host key of the wrong length', () => {
    const file = keyFile();
    writeFileSync(file, Buffer.alloc(16, 1), { mode: 0o600 });
    expectAppError(() => createSealer(file), 'HOST_KEY_INSECURE', '16 bytes long');
  });

  it('seals with fresh randomness: two seals of one secret differ, and both open', () => {
    const sealer = createSealer(keyFile());
    const [a, b] = [sealer.seal(SECRET, CONTEXT), sealer.seal(SECRET, CONTEXT)];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    // Format byte, 12-byte nonce, the ciphertext, 16-byte tag.
    expect(a).toHaveLength(1 + 12 + SECRET.length + 16);
    expect(a[0]).toBe(1);
    expect(Buffer.from(a).includes(Buffer.from(SECRET.subarray(0, 16)))).toBe(false);
    expect(sealer.open(a, CONTEXT)).toEqual(SECRET);
    expect(sealer.open(b, CONTEXT)).toEqual(SECRET);
    expect(sealer.open(sealer.seal(new Uint8Array(0), CONTEXT), CONTEXT)).toEqual(new Uint8Array(0));
  });

  it('does not open a sealed secret under another context', () => {
    const sealer = createSealer(keyFile());
    const sealed = sealer.seal(SECRET, CONTEXT);
    expectAppError(
      () => sealer.open(sealed, 'pqc-key/signer/2/ML-DSA-65'),
      'SEALED_KEY_UNREADABLE',
      'pqc-key/signer/2/ML-DSA-65',
      'authentication failed',
    );
  });

  it('does not open a sealed secret under another host key', () => {
    const sealed = createSealer(keyFile()).seal(SECRET, CONTEXT);
    expectAppError(() => createSealer(keyFile()).open(sealed, CONTEXT), 'SEALED_KEY_UNREADABLE');
  });

  it.each([
    ['the nonce', 1, 'authentication failed'],
    ['the ciphertext', 13 + 50, 'authentication failed'],
    ['the tag', 1 + 12 + SECRET.length + 15, 'authentication failed'],
    ['the format byte', 0, 'unknown format'],
  ])('does not open a sealed secret with one byte of %s flipped', (_part, index, reason) => {
    const sealer = createSealer(keyFile());
    const sealed = sealer.seal(SECRET, CONTEXT);
    sealed[index]! ^= 0x01;
    const error = expectAppError(() => sealer.open(sealed, CONTEXT), 'SEALED_KEY_UNREADABLE', reason);
    if (reason === 'authentication failed') expect(error.cause).toBeInstanceOf(Error);
  });

  it('does not open a truncated sealed secret', () => {
    const sealer = createSealer(keyFile());
    const sealed = sealer.seal(SECRET, CONTEXT);
    expectAppError(
      () => sealer.open(sealed.subarray(0, 20), CONTEXT),
      'SEALED_KEY_UNREADABLE',
      'unknown format',
    );
    expectAppError(
      () => sealer.open(sealed.subarray(0, sealed.length - 1), CONTEXT),
      'SEALED_KEY_UNREADABLE',
    );
  });
});
