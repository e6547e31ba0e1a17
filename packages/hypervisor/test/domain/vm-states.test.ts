/** The state table's answers for the states of live migration, clone and migrate. */
import { describe, expect, it } from 'vitest';
import { assertAllowed, hasProcess, isActive, isAllowed, type VmAction } from '../../src/domain/vm-states.js';

const ACTIONS: VmAction[] = [
  'start',
  'stop',
  'pause',
  'resume',
  'reset',
  'update',
  'delete',
  'clone',
  'migrate',
];

describe('the state table', () => {
  it.each(['MIGRATING', 'INCOMING'] as const)(
    'refuses every action but stats of a %s VM, saying why',
    (state) => {
      for (const action of ACTIONS) {
        expect(() => assertAllowed(action, { name: 'web1', state }), action).toThrow(
          expect.objectContaining({
            code: 'VM_INVALID_STATE',
            message: expect.stringContaining(
              state === 'MIGRATING' ? 'cancel it first' : 'destination of a live migration',
            ),
          }),
        );
      }
      expect(isAllowed('stats', state)).toBe(state === 'MIGRATING');
    },
  );

  it('migrates a running VM only; clones from any state but the migration ones', () => {
    expect(isAllowed('migrate', 'RUNNING')).toBe(true);
    expect(() => assertAllowed('migrate', { name: 'w', state: 'PAUSED' })).toThrow('resume it first');
    expect(() => assertAllowed('migrate', { name: 'w', state: 'STOPPED' })).toThrow(
      expect.objectContaining({ code: 'VM_NOT_RUNNING' }),
    );
    for (const state of ['CREATED', 'RUNNING', 'PAUSED', 'STOPPED', 'CRASHED'] as const)
      expect(isAllowed('clone', state)).toBe(true);
  });

  it('counts a migrating VM as active and an incoming one as having a process only', () => {
    expect(isActive('MIGRATING')).toBe(true);
    expect(isActive('INCOMING')).toBe(false);
    expect(hasProcess('INCOMING')).toBe(true);
    expect(hasProcess('STOPPED')).toBe(false);
  });
});
