/** Backends by name. */
import { QuantumErrors } from '../errors.js';
import type { Backend } from './backend.js';
import { LocalSimulator, type LocalSimulatorOptions } from './local-simulator.js';
import { NeutralAtomQpu } from './neutral-atom.js';

export interface BackendRegistry {
  list(): Backend[];
  /** The backend named `name`; BACKEND_NOT_FOUND, with the known names, for any other. */
  get(name: string): Backend;
}

/** Every backend, the simulator built with `simulator` (its memory budget and threads). */
export function createRegistry(simulator: LocalSimulatorOptions = {}): BackendRegistry {
  const backends = new Map<string, Backend>(
    [new LocalSimulator(simulator), new NeutralAtomQpu()].map((b) => [b.name, b]),
  );
  return {
    list: () => [...backends.values()],
    get(name) {
      const backend = backends.get(name);
      if (backend === undefined) {
        const known = [...backends.keys()];
        throw QuantumErrors.backendNotFound({ name, known }, { details: { name, known } });
      }
      return backend;
    },
  };
}

let defaults: BackendRegistry | undefined;

/** The library's backends: the simulator with this process's detected memory budget. */
function registry(): BackendRegistry {
  defaults ??= createRegistry();
  return defaults;
}

export function listBackends(): Backend[] {
  return registry().list();
}

export function getBackend(name: string): Backend {
  return registry().get(name);
}
