import { describe, expect, it } from 'vitest';
import {
  confirm,
  confirmationMatches,
  createInit,
  finish,
  kem,
  ProtocolError,
  respond,
  signer,
  type Identity,
} from '../../../src/domain/tunnel/protocol.js';

function identity(wgPublicKey: string): Identity {
  const pair = signer().keygen();
  return { signingPublicKey: pair.publicKey, signingSecretKey: pair.secretKey, wgPublicKey };
}

const initiator = identity('AAAA-initiator-wg-key');
const responder = { ...identity('BBBB-responder-wg-key'), staticKem: kem().keygen() };

function exchange(epoch: number, lastEpoch = 0) {
  const init = createInit(initiator, responder.signingPublicKey, epoch);
  const { reply, pending } = respond(responder, initiator.signingPublicKey, init.message, lastEpoch);
  const agreed = confirm(initiator, responder.signingPublicKey, init, reply);
  const done = finish(responder, initiator.signingPublicKey, pending, agreed.message);
  return { init, reply, pending, agreed, done };
}

const refusal = (work: () => unknown): ProtocolError => {
  try {
    work();
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('tunnel key exchange', () => {
  it('gives both sides the same 32-byte PSK and a matching confirmation, and a new one each epoch', () => {
    const first = exchange(1);
    expect(Buffer.from(first.agreed.psk, 'base64')).toHaveLength(32);
    expect(first.done.psk).toBe(first.agreed.psk);
    expect(first.done.done.epoch).toBe(1);
    expect(confirmationMatches(first.agreed.confirmation, first.done.done.confirmation)).toBe(true);
    expect(first.done.done.confirmation).not.toBe(first.agreed.psk);
    expect(first.agreed.peerWg).toBe(responder.wgPublicKey);
    const second = exchange(2, 1);
    expect(second.agreed.psk).toBe(second.done.psk);
    expect(second.agreed.psk).not.toBe(first.agreed.psk);
  });

  it('refuses an init signed by a key other than the pinned one', () => {
    const stranger = identity(initiator.wgPublicKey);
    const init = createInit(stranger, responder.signingPublicKey, 1);
    const error = refusal(() => respond(responder, initiator.signingPublicKey, init.message, 0));
    expect(error.reason).toBe('untrusted');
  });

  it('refuses an init meant for another responder (its pinned key is bound in the signature)', () => {
    const other = identity('BBBB-other');
    const init = createInit(initiator, other.signingPublicKey, 1);
    expect(refusal(() => respond(responder, initiator.signingPublicKey, init.message, 0)).reason).toBe(
      'untrusted',
    );
  });

  it('refuses a reply not signed by the pinned responder key', () => {
    const init = createInit(initiator, responder.signingPublicKey, 1);
    const impostor = { ...identity(responder.wgPublicKey), staticKem: kem().keygen() };
    // The impostor answers with a reply signed by its own key: the initiator pins the real responder's.
    const forImpostor = createInit(initiator, impostor.signingPublicKey, 1);
    const forged = respond(impostor, initiator.signingPublicKey, forImpostor.message, 0);
    expect(refusal(() => confirm(initiator, responder.signingPublicKey, init, forged.reply)).reason).toBe(
      'untrusted',
    );
  });

  it('refuses a replayed init and an old epoch', () => {
    const first = exchange(5, 4);
    expect(refusal(() => respond(responder, initiator.signingPublicKey, first.init.message, 5)).reason).toBe(
      'stale_epoch',
    );
    const old = createInit(initiator, responder.signingPublicKey, 3);
    expect(refusal(() => respond(responder, initiator.signingPublicKey, old.message, 5)).reason).toBe(
      'stale_epoch',
    );
  });

  it('refuses an init from the side whose WireGuard key sorts higher (the lower one initiates)', () => {
    const higher = { ...initiator, wgPublicKey: 'ZZZZ' };
    const init = createInit(higher, responder.signingPublicKey, 1);
    expect(refusal(() => respond(responder, initiator.signingPublicKey, init.message, 0)).reason).toBe(
      'role',
    );
  });

  it('refuses a tampered ciphertext or nonce (the transcript is signed)', () => {
    const init = createInit(initiator, responder.signingPublicKey, 1);
    const { reply, pending } = respond(responder, initiator.signingPublicKey, init.message, 0);
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[10]! ^= 1;
      return bytes.toString('base64');
    };
    expect(
      refusal(() =>
        confirm(initiator, responder.signingPublicKey, init, {
          ...reply,
          ciphertext: flip(reply.ciphertext),
        }),
      ).reason,
    ).toBe('untrusted');
    const agreed = confirm(initiator, responder.signingPublicKey, init, reply);
    expect(
      refusal(() =>
        finish(responder, initiator.signingPublicKey, pending, {
          ...agreed.message,
          ciphertext: flip(agreed.message.ciphertext),
        }),
      ).reason,
    ).toBe('untrusted');
    expect(
      refusal(() =>
        respond(
          responder,
          initiator.signingPublicKey,
          { ...init.message, nonce: flip(init.message.nonce) },
          0,
        ),
      ).reason,
    ).toBe('untrusted');
  });

  it('detects different keys through the confirmation (a ciphertext decapsulated under another key)', () => {
    const init = createInit(initiator, responder.signingPublicKey, 1);
    const { reply, pending } = respond(responder, initiator.signingPublicKey, init.message, 0);
    const agreed = confirm(initiator, responder.signingPublicKey, init, reply);
    // ML-KEM rejects implicitly: the wrong secret key yields another shared secret, not an error.
    const wrong = { ...responder, staticKem: kem().keygen() };
    const done = finish(wrong, initiator.signingPublicKey, pending, agreed.message);
    expect(done.psk).not.toBe(agreed.psk);
    expect(confirmationMatches(agreed.confirmation, done.done.confirmation)).toBe(false);
  });
});
