/**
 * The values the crypto checks draw (secrets, masks, polynomials, interleaving), from one seed:
 * AES-256 in counter mode keyed by SHA-256 of the seed and a stream name. Each campaign has its
 * own stream, so a job that is run again with the seed its results report draws the same values,
 * and two campaigns never share values by accident.
 */
import { createCipheriv, createHash, randomInt } from 'node:crypto';

const BLOCK = 4096;

export class SeededRandom {
  private readonly cipher;
  private buffer = Buffer.alloc(0);
  private offset = 0;

  constructor(seed: number, stream: string) {
    const key = createHash('sha256').update(`${seed}:${stream}`).digest();
    this.cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  }

  bytes(count: number): Buffer {
    const out = Buffer.alloc(count);
    let filled = 0;
    while (filled < count) {
      if (this.offset === this.buffer.length) {
        this.buffer = this.cipher.update(Buffer.alloc(BLOCK));
        this.offset = 0;
      }
      const taken = Math.min(count - filled, this.buffer.length - this.offset);
      this.buffer.copy(out, filled, this.offset, this.offset + taken);
      filled += taken;
      this.offset += taken;
    }
    return out;
  }

  /** A uniform value of `width` bits. */
  bits(width: number): bigint {
    const bytes = this.bytes(Math.ceil(width / 8));
    const value = bytes.length === 0 ? 0n : BigInt(`0x${bytes.toString('hex')}`);
    return value & ((1n << BigInt(width)) - 1n);
  }

  /** A uniform value in [0, modulus), by rejection: no bias from a modulus that is not a power of two. */
  below(modulus: bigint): bigint {
    const width = (modulus - 1n).toString(2).length;
    for (;;) {
      const candidate = this.bits(width);
      if (candidate < modulus) return candidate;
    }
  }

  coin(): boolean {
    return (this.bytes(1)[0]! & 1) === 1;
  }
}

/** A fresh 32-bit seed, for a job whose verify.json names none. */
export const drawSeed = (): number => randomInt(0x1_0000_0000);
