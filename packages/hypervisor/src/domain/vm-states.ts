/**
 * Which action each VM state allows, and the error an illegal one gets. The table is the whole
 * lifecycle; the service consults it under the VM's lock, so what it checks is what it acts on.
 *
 *   CREATED --start--> RUNNING --pause--> PAUSED --resume--> RUNNING
 *   RUNNING|PAUSED --stop--> STOPPED --start--> RUNNING
 *   RUNNING|PAUSED --(process dies, guest error)--> CRASHED --start--> RUNNING
 *   RUNNING|PAUSED --reset--> (same state; the guest reboots)
 */
import type { AppError } from '@lab/server-kit/errors';
import { HvErrors } from '../errors.js';
import type { VmState } from './vm-definition.js';

export type VmAction = 'start' | 'stop' | 'pause' | 'resume' | 'reset' | 'update' | 'delete' | 'stats';

type Refusal = (vm: { name: string; state: VmState }) => AppError;

const notRunning: Refusal = (vm) => HvErrors.vmNotRunning(vm);
const invalid =
  (action: VmAction, hint: string): Refusal =>
  (vm) =>
    HvErrors.vmInvalidState({ ...vm, action, hint });

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
  stats: { allowed: ['RUNNING', 'PAUSED'] },
};

export function isAllowed(action: VmAction, state: VmState): boolean {
  return RULES[action].allowed.includes(state);
}

/** Throws the action's specific refusal when the VM's state does not allow it. */
export function assertAllowed(action: VmAction, vm: { name: string; state: VmState }): void {
  if (isAllowed(action, vm.state)) return;
  const refuse = RULES[action][vm.state] ?? notRunning;
  throw refuse(vm);
}

export const isActive = (state: VmState): boolean => state === 'RUNNING' || state === 'PAUSED';
