import { describe, expect, it } from 'vitest';
import { formatBytes, QuantumErrors } from '../src/errors.js';

describe('formatBytes', () => {
  it('writes sizes in binary units with one decimal', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(16 * 2 ** 30)).toBe('16 GiB');
  });

  it('writes a size past the largest unit as a power of two, not 1e+72 PiB', () => {
    expect(formatBytes(16 * 2 ** 286)).toBe('2^290 B');
    const error = QuantumErrors.circuitTooLarge({
      qubits: 286,
      bytesNeeded: 16 * 2 ** 286,
      bytesAllowed: 2 ** 30,
      maxQubits: 26,
    });
    expect(error.message).toBe(
      "286 qubits need 2^290 B of memory; the simulator's memory budget is 1 GiB, which fits at most 26 qubits",
    );
  });
});
