/**
 * Secret keys at rest: sealed with AES-256-GCM under a host key, 32 random bytes in a file of
 * mode 0600 in the data directory, made on first start. The key's name, version and algorithm
 * are the additional authenticated data, so a sealed secret moved to another row does not open.
 * A host key file that others can read, or that another user owns, is refused, as ssh refuses
 * such a private key.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, linkSync, lstatSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { HvErrors } from '../errors.js';

export const HOST_KEY_FILE = 'pqc-host.key';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** The first byte of a sealed secret: the format, so another can follow. */
const SEALED_FORMAT = 1;

export interface Sealer {
  seal(secret: Uint8Array, context: string): Uint8Array;
  open(sealed: Uint8Array, context: string): Uint8Array;
}

/**
 * Makes the key whole or not at all: written to a private temporary file, then linked into
 * place, which fails if another process got there first (its key is then the one used).
 */
function createHostKey(file: string): void {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function readHostKey(file: string): Buffer {
  if (!existsSync(file)) createHostKey(file);
  const info = lstatSync(file);
  const mode = info.mode & 0o777;
  if (!info.isFile()) throw HvErrors.hostKeyInsecure({ file, mode: 'not a regular file' });
  if ((mode & 0o077) !== 0) {
    throw HvErrors.hostKeyInsecure({ file, mode: mode.toString(8).padStart(4, '0') });
  }
  if (process.getuid !== undefined && info.uid !== process.getuid()) {
    throw HvErrors.hostKeyInsecure({ file, mode: `owned by uid ${info.uid}, not the service's` });
  }
  const key = readFileSync(file);
  if (key.length !== KEY_BYTES) throw HvErrors.hostKeyInsecure({ file, mode: `${key.length} bytes long` });
  return key;
}

export function createSealer(file: string): Sealer {
  const key = readHostKey(file);
  return {
    seal: (secret, context) => {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(secret), cipher.final()]);
      return Buffer.concat([Buffer.of(SEALED_FORMAT), nonce, body, cipher.getAuthTag()]);
    },
    open: (sealed, context) => {
      if (sealed[0] !== SEALED_FORMAT || sealed.length < 1 + NONCE_BYTES + TAG_BYTES) {
        throw HvErrors.sealedKeyUnreadable({ context, reason: 'unknown format' });
      }
      const nonce = sealed.subarray(1, 1 + NONCE_BYTES);
      const body = sealed.subarray(1 + NONCE_BYTES, sealed.length - TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, nonce);
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      try {
        return new Uint8Array(Buffer.concat([decipher.update(body), decipher.final()]));
      } catch (cause) {
        throw HvErrors.sealedKeyUnreadable({ context, reason: 'authentication failed' }, { cause });
      }
    },
  };
}
