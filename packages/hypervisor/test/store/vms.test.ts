import { inTransaction, openDatabase } from '@lab/server-kit';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/store/database.js';
import { createVmRepository, type VmRecord } from '../../src/store/vms.js';

const AT = '2026-11-24T00:00:00.000Z';

function record(name: string): VmRecord {
  return {
    name,
    uuid: `00000000-0000-4000-8000-${name.padStart(12, '0')}`,
    state: 'CREATED',
    definition: {
      cpu: { count: 1 },
      memory: { size: '64M' },
      devices: { storage: [], network: [] },
      boot: { kernel: 'vmlinuz' },
    },
    runtime: null,
    lastError: null,
    createdAt: AT,
    updatedAt: AT,
    stateChangedAt: AT,
  };
}

function open() {
  const db = openDatabase(':memory:', { namespace: 'hypervisor', migrations: MIGRATIONS });
  return { db, vms: createVmRepository(db) };
}

describe('vms table', () => {
  it('serves a VM read twice from memory, and a write through the repository is seen at once', () => {
    const { db, vms } = open();
    vms.insert(record('web1'));
    expect(vms.find('web1')?.state).toBe('CREATED');
    // A change behind the repository's back is not seen: the second read came from memory.
    db.prepare("UPDATE vms SET state = 'STOPPED' WHERE name = 'web1'").run();
    expect(vms.find('web1')?.state).toBe('CREATED');

    expect(
      vms.changeState('web1', 'STOPPED', { to: 'RUNNING', runtime: null, at: '2026-11-24T00:01:00.000Z' }),
    ).toBe(true);
    expect(vms.find('web1')).toMatchObject({ state: 'RUNNING', stateChangedAt: '2026-11-24T00:01:00.000Z' });
    vms.setLastError('web1', { message: 'boom', at: AT });
    expect(vms.find('web1')?.lastError).toEqual({ message: 'boom', at: AT });
    vms.remove('web1');
    expect(vms.find('web1')).toBeUndefined();
  });

  it('never keeps what a transaction that rolled back had read', () => {
    const { db, vms } = open();
    vms.insert(record('web1'));
    expect(() =>
      inTransaction(db, () => {
        vms.changeState('web1', 'CREATED', { to: 'RUNNING', runtime: null, at: AT });
        expect(vms.find('web1')?.state).toBe('RUNNING');
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(vms.find('web1')?.state).toBe('CREATED');

    expect(() =>
      inTransaction(db, () => {
        vms.insert(record('web2'));
        expect(vms.find('web2')).toBeDefined();
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(vms.find('web2')).toBeUndefined();
  });
});
