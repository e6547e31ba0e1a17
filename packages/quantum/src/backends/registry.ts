/** Backends by name. */
import { QuantumErrors } from '../errors.js';
import type { Backend } from './backend.js';
import { LocalSimulator } from './local-simulator.js';
import { NeutralAtomQpu } from './neutral-atom.js';

const backends = new Map<string, Backend>();

function registry(): Map<string, Backend> {
  if (backends.size === 0) {
    for (const backend of [new LocalSimulator(), new NeutralAtomQpu()]) backends.set(backend.name, backend);
  }
  return backends;
}

export function listBackends(): Backend[] {
  return [...registry().values()];
}

export function getBackend(name: string): Backend {
  const backend = registry().get(name);
  if (backend === undefined) {
    const known = [...registry().keys()];
    throw QuantumErrors.backendNotFound({ name, known }, { details: { name, known } });
  }
  return backend;
}
