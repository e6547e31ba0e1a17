import { describe, expect, it } from 'vitest';
import { signBody } from '../../src/domain/webhooks/signature.js';

describe('webhook signatures', () => {
  it('is sha256= and the lowercase hex HMAC-SHA256 of the body (RFC 4231 test case 2)', () => {
    expect(signBody('Jefe', 'what do ya want for nothing?')).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('signs the UTF-8 bytes of the body', () => {
    expect(signBody('key', '{"status":"réussi"}')).not.toBe(signBody('key', '{"status":"reussi"}'));
  });
});
