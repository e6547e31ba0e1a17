/** A worker of the parallel pool (see parallel.ts): applies its slice of each op to the shared state. */
import { parentPort } from 'node:worker_threads';
import { applyRange, type Amplitudes, type PreparedOp } from './kernels.js';
import { COMMAND, CONTROL, PARAMS, type AttachMessage } from './parallel.js';

parentPort?.on('message', (message: AttachMessage) => attach(message));
// Tells the pool this worker has loaded.
parentPort?.postMessage('ready');

function attach(message: AttachMessage): void {
  const control = new Int32Array(message.control);
  const params = new Float64Array(message.params);
  const state: Amplitudes = {
    numQubits: message.numQubits,
    chunkBits: message.chunkBits,
    chunks: message.chunks.map((b) => new Float64Array(b)),
  };
  let generation = Atomics.load(control, CONTROL.generation);
  Atomics.add(control, CONTROL.ready, 1);
  Atomics.notify(control, CONTROL.ready);
  for (;;) {
    Atomics.wait(control, CONTROL.generation, generation);
    generation = Atomics.load(control, CONTROL.generation);
    if (Atomics.load(control, CONTROL.command) === COMMAND.detach) {
      Atomics.add(control, CONTROL.done, 1);
      Atomics.notify(control, CONTROL.done);
      return;
    }
    const width = control[CONTROL.width]!;
    const d = 1 << width;
    const members = Array.from(params.subarray(PARAMS.members, PARAMS.members + d));
    const op: PreparedOp = {
      width,
      diagonal: control[CONTROL.diagonal] === 1,
      mask: control[CONTROL.mask]!,
      sorted: Array.from(control.subarray(CONTROL.sorted, CONTROL.sorted + width)),
      members,
      doubledMembers: members.map((m) => 2 * m),
      matrix: params.slice(PARAMS.matrix, PARAMS.matrix + 2 * d * d),
      groups: params[PARAMS.groups]!,
      run: params[PARAMS.run]!,
    };
    const i = message.index;
    applyRange(state, op, params[PARAMS.ranges + 2 * i]!, params[PARAMS.ranges + 2 * i + 1]!);
    Atomics.add(control, CONTROL.done, 1);
    Atomics.notify(control, CONTROL.done);
  }
}
