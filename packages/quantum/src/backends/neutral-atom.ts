/**
 * `neutral_atom_qpu`: the hardware backend the noise model describes (erasure-converted neutral
 * atoms). It is listed so circuits and tools can target it, but hardware access does not exist
 * yet: `status()` says so, and `transpile` and `run` fail with BACKEND_UNAVAILABLE. Estimates
 * work, from the stated cycle time.
 */
import type { Circuit } from '../circuit/circuit.js';
import { lowerCircuit } from '../circuit/lower.js';
import { estimateResources, type ResourceEstimates } from '../engine/estimates.js';
import { resolveNoise } from '../engine/noise.js';
import { schedule } from '../engine/schedule.js';
import { QuantumErrors } from '../errors.js';
import type { Backend, Job, RunOptions, Target } from './backend.js';

const REASON = 'hardware access is not yet available; run on local_simulator, which models this device';

export class NeutralAtomQpu implements Backend {
  readonly name = 'neutral_atom_qpu';
  readonly description = 'Neutral-atom processor with erasure conversion (not yet available)';
  readonly target: Target = {
    maxQubits: 256,
    nativeGates: ['U', 'rz', 'cz', 'ccz', 'measure', 'reset', 'barrier'],
    // Atoms are moved to interact, so any pair can be joined.
    connectivity: 'all-to-all',
    cycleSeconds: 2e-6,
  };

  status() {
    return { available: false, reason: REASON };
  }

  transpile(_circuit: Circuit): Circuit {
    throw QuantumErrors.backendUnavailable({ name: this.name, reason: REASON });
  }

  estimate(circuit: Circuit, options: RunOptions = {}): ResourceEstimates {
    const instructions = lowerCircuit(circuit, new Map(Object.entries(options.parameters ?? {})));
    const sched = schedule(instructions, circuit.numQubits, circuit.numClbits);
    const shots = options.shots ?? 1024;
    const cycle = this.target.cycleSeconds!;
    return estimateResources(
      {
        numQubits: circuit.numQubits,
        numClbits: circuit.numClbits,
        instructions,
        schedule: sched,
        fusedPasses: 0,
        noise: resolveNoise(options.noise),
        stateBytes: 0,
        memoryBytes: 0,
      },
      { value: sched.depth * cycle * shots, model: `depth x ${cycle * 1e6} us cycle x shots` },
    );
  }

  run(_circuit: Circuit, _options?: RunOptions): Job {
    throw QuantumErrors.backendUnavailable({ name: this.name, reason: REASON });
  }
}
