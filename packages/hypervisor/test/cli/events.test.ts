import { describe, expect, it } from 'vitest';
import { formatEventLine } from '../../src/cli/events.js';

const now = () => new Date('2030-01-01T00:00:00.000Z');

describe('formatEventLine', () => {
  it('shows a state change as VM, from and to, with the reason when given', () => {
    const data = { vm: 'web1', from: 'STOPPED', to: 'RUNNING', timestamp: '2026-11-23T19:30:01.123Z' };
    expect(formatEventLine({ id: '4', kind: 'vm.state_changed', data })).toBe(
      '2026-11-23 19:30:01Z  vm.state_changed   web1 STOPPED -> RUNNING',
    );
    expect(
      formatEventLine({
        id: '5',
        kind: 'vm.state_changed',
        data: { ...data, to: 'CRASHED', reason: 'qemu exited' },
      }),
    ).toMatch(/web1 STOPPED -> CRASHED \(qemu exited\)$/);
  });

  it('names the VM or the image of other kinds, and prints unknown data as JSON', () => {
    expect(
      formatEventLine({ id: '6', kind: 'vm.created', data: { vm: 'a', timestamp: '2026-11-23T19:30:02Z' } }),
    ).toBe('2026-11-23 19:30:02Z  vm.created         a');
    expect(formatEventLine({ id: '7', kind: 'storage.deleted', data: { image: 'disk1' } }, now)).toBe(
      '2030-01-01 00:00:00Z  storage.deleted    disk1',
    );
    expect(
      formatEventLine({ id: '8', kind: 'pqc.key_rotated', data: { key: 'k', timestamp: 'x' } }, now),
    ).toBe('x  pqc.key_rotated    {"key":"k"}');
  });
});
