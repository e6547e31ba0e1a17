/**
 * Which action each VM state allows, and the error an illegal one gets. The table is the whole
 * lifecycle; the service consults it under the VM's lock, so what it checks is what it acts on.
 *
 *   CREATED --start--> RUNNING --pause--> PAUSED --resume--> RUNNING
 *   RUNNING|PAUSED --stop--> STOPPED --start--> RUNNING
 *   RUNNING|PAUSED --(process dies, guest error)--> CRASHED --start--> RUNNING
 *   RUNNING|PAUSED --reset--> (same state; the guest reboots)
 *   RUNNING --migrate--> MIGRATING --(completed)--> (gone: the VM runs on the destination)
 *                        MIGRATING --(failed, cancelled)--> RUNNING
 *   (none) --incoming--> INCOMING --(completed)--> RUNNING, or --(failed, aborted)--> (gone)
 *
 * While a VM is MIGRATING or INCOMING, its migration owns it: every other action is refused.
 */
import type { AppError } from '@lab/server-kit/errors';
import { HvErrors } from '../errors.js';
import type { VmState } from './vm-definition.js';

export type VmAction =
  'start' | 'stop' | 'pause' | 'resume' | 'reset' | 'update' | 'delete' | 'stats' | 'clone' | 'migrate';

type Refusal = (vm: { name: string; state: VmState }) => AppError;

const notRunning: Refusal = (vm) => HvErrors.vmNotRunning(vm);
const invalid =
  (action: VmAction, hint: string): Refusal =>
  (vm) =>
    HvErrors.vmInvalidState({ ...vm, action, hint });

/** What a VM that a live migration owns answers to any action of the table. */
const MIGRATION_HINTS: Partial<Record<VmState, string>> = {
  MIGRATING: 'a live migration of it is under way; cancel it first (POST /vms/{name}/migrate/cancel)',
  INCOMING: 'it is the destination of a live migration, which its source completes or cancels',
};

const RULES: Record<VmAction, Partial<Record<VmState, Refusal>> & { allowed: readonly VmState[] }> = {
  start: {
    allowed: ['CREATED', 'STOPPED', 'CRASHED'],
    RUNNING: (vm) => HvErrors.vmAlreadyRunning(vm),
    PAUSED: invalid('start', 'it is paused; resume it'),
  },
  stop: { allowed: ['RUNNING', 'PAUSED'] },
  pause: { allowed: ['RUNNING'], PAUSED: invalid('pause', 'it is already paused') },
  resume: { allowed: ['PAUSED'], RUNNING: invalid('resume', 'it is not paused') },
  reset: { allowed: ['RUNNING', 'PAUSED'] },
  update: {
    allowed: ['CREATED', 'STOPPED', 'CRASHED'],
    RUNNING: invalid('update', 'stop it first'),
    PAUSED: invalid('update', 'stop it first'),
  },
  delete: {
    allowed: ['CREATED', 'STOPPED', 'CRASHED'],
    RUNNING: invalid('delete', 'stop it first, or pass force=true'),
    PAUSED: invalid('delete', 'stop it first, or pass force=true'),
  },
  stats: { allowed: ['RUNNING', 'PAUSED', 'MIGRATING'] },
  clone: { allowed: ['CREATED', 'STOPPED', 'CRASHED', 'RUNNING', 'PAUSED'] },
  migrate: {
    allowed: ['RUNNING'],
    PAUSED: invalid('migrate', 'it is paused; resume it first'),
  },
};

export function isAllowed(action: VmAction, state: VmState): boolean {
  return RULES[action].allowed.includes(state);
}

/** Throws the action's specific refusal when the VM's state does not allow it. */
export function assertAllowed(action: VmAction, vm: { name: string; state: VmState }): void {
  if (isAllowed(action, vm.state)) return;
  const hint = MIGRATION_HINTS[vm.state];
  const refuse = RULES[action][vm.state] ?? (hint === undefined ? notRunning : invalid(action, hint));
  throw refuse(vm);
}

/** The guest is here and its QEMU runs it (or holds it paused, or sends it away). */
export const isActive = (state: VmState): boolean =>
  state === 'RUNNING' || state === 'PAUSED' || state === 'MIGRATING';

/** A QEMU process of the VM exists here: an active VM, or one waiting for its incoming migration. */
export const hasProcess = (state: VmState): boolean => isActive(state) || state === 'INCOMING';
