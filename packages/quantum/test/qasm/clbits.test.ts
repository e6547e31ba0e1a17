/** Classical bits as the importer tracks them: registers, scratch bits, generations, consistency. */
import { describe, expect, it } from 'vitest';
import { Circuit } from '../../src/circuit/circuit.js';
import { bitValue } from '../../src/qasm/classical.js';
import { ClassicalBits } from '../../src/qasm/clbits.js';

const setup = () => {
  const circuit = new Circuit(1);
  return { circuit, bits: new ClassicalBits(circuit, (name) => name) };
};

describe('ClassicalBits', () => {
  it('declares a register whose cells read their clbits, consistent from the start', () => {
    const { circuit, bits } = setup();
    const cells = bits.declareRegister('c', 2, (i) => `c[${i}]`);
    expect(circuit.cregs).toEqual([{ name: 'c', start: 0, size: 2 }]);
    expect(cells.map((c) => c.clbit)).toEqual([0, 1]);
    expect(cells.every((c) => bits.isConsistent(c))).toBe(true);
    expect(cells[1]!.value).toMatchObject({
      kind: 'runtime',
      bits: [{ clbit: 1, generation: 0, label: 'c[1]' }],
    });
  });

  it('counts measurements per clbit and tells a cell that no longer matches its clbit', () => {
    const { bits } = setup();
    const [cell] = bits.declareRegister('c', 1, () => 'c');
    expect(bits.measured(0, 'c')).toEqual({ clbit: 0, generation: 1, label: 'c' });
    expect(bits.generationOf(0)).toBe(1);
    expect(bits.isConsistent(cell!)).toBe(false);
    cell!.value = bits.current(cell!);
    expect(bits.isConsistent(cell!)).toBe(true);
    cell!.value = bitValue(1n);
    expect(bits.isConsistent(cell!)).toBe(false);
  });

  it('gives local cells scratch bits on first use, reusing released ones', () => {
    const { circuit, bits } = setup();
    const [a, b] = bits.localCells(2, (i) => `t[${i}]`);
    expect(a!.clbit).toBeUndefined();
    expect(bits.isConsistent(a!)).toBe(true);
    expect([bits.clbitOf(a!), bits.clbitOf(a!), bits.clbitOf(b!)]).toEqual([0, 0, 1]);
    bits.release([a!]);
    const [c] = bits.localCells(1, () => 'u');
    expect(bits.clbitOf(c!)).toBe(0);
    expect(circuit.cregs.map((r) => r.name)).toEqual(['_scratch0', '_scratch1']);
  });

  it('puts local cells on given clbits, and reuses only scratch bits once released', () => {
    const { circuit, bits } = setup();
    const register = bits.declareRegister('c', 2, (i) => `c[${i}]`);
    const [a, b] = bits.localCells(2, (i) => `b[${i}]`, [1, 0]);
    expect([a!.clbit, b!.clbit]).toEqual([1, 0]);
    bits.release([a!, b!, ...register]);
    const [fresh] = bits.localCells(1, () => 't');
    expect(bits.clbitOf(fresh!)).toBe(2);
    expect(circuit.cregs.map((r) => r.name)).toEqual(['c', '_scratch0']);
  });
});
