/** The attestation request's nonce, as its schema states it: exactly the nonces the service takes. */
import { randomBytes } from 'node:crypto';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { AttestRequestSchema, NONCE_BYTES } from '../../src/domain/attestation.js';

const validate = new Ajv().compile(AttestRequestSchema);
const admits = (nonce: string) => validate({ nonce });

describe('the nonce of an attestation request', () => {
  it(`admits the base64 of ${NONCE_BYTES.min} to ${NONCE_BYTES.max} bytes, and no other length`, () => {
    for (let bytes = 0; bytes <= NONCE_BYTES.max + 8; bytes += 1) {
      const nonce = randomBytes(bytes).toString('base64');
      expect(admits(nonce), `${bytes} bytes`).toBe(bytes >= NONCE_BYTES.min && bytes <= NONCE_BYTES.max);
    }
  });

  it('admits only the canonical spelling: padded, the unused bits zero', () => {
    const nonce = Buffer.from('0123456789abcdef').toString('base64'); // 16 bytes: two = of padding
    expect(nonce).toBe('MDEyMzQ1Njc4OWFiY2RlZg==');
    expect(admits(nonce)).toBe(true);
    expect(admits(nonce.replace(/=+$/, ''))).toBe(false);
    // `Zh==` decodes to the byte `Zg==` does, through bits that the encoding leaves zero.
    expect(Buffer.from('MDEyMzQ1Njc4OWFiY2RlZh==', 'base64').equals(Buffer.from(nonce, 'base64'))).toBe(true);
    expect(admits('MDEyMzQ1Njc4OWFiY2RlZh==')).toBe(false);
    expect(admits('MDEyMzQ1Njc4OWFiY2RlZg=')).toBe(false);
    expect(admits('MDEyMzQ1Njc4OWFiY2RlZg-_')).toBe(false);
    expect(admits('MDEy MzQ1Njc4OWFiY2RlZg==')).toBe(false);
    const seventeen = Buffer.from('0123456789abcdefg').toString('base64'); // one = of padding
    expect(admits(seventeen)).toBe(true);
    expect(admits(seventeen.replace(/.=$/, (c) => `${String.fromCharCode(c.charCodeAt(0) + 1)}=`))).toBe(
      false,
    );
  });
});
