/**
 * Following a tracked operation from `hvctl`: the request that started it answered 202; this polls
 * `GET /operations/{id}` until it ends, drawing a percentage bar on a terminal (a spinner for work
 * that reports no progress, such as an SLH-DSA key generation), and resolves with the operation as
 * it ended. One that failed or was cancelled is thrown as its error, so `runCli`
 * prints its code and message. Ctrl-C asks the service to cancel it and waits for it to end (its
 * partial file is removed then), or says why the service refused (work past its point of no
 * return); a second Ctrl-C leaves at once.
 */
import { AppError } from '@lab/server-kit/errors';
import type { OperationView } from '../domain/operations.js';
import type { ApiClient } from './client.js';
import { startProgressBar, startSpinner, type ProgressBar, type SpinnerStream } from '@lab/server-kit/cli';

export const POLL_INTERVAL_MS = 200;

export interface FollowOptions {
  intervalMs?: number;
  stream?: SpinnerStream;
  /** Where Ctrl-C comes from (tests give their own). */
  interrupts?: Pick<NodeJS.Process, 'once' | 'removeListener'>;
  /** A spinner with the seconds elapsed instead of the bar: the work reports no progress. */
  spinner?: boolean;
}

const ENDED = new Set(['succeeded', 'failed', 'cancelled']);

export async function followOperation(
  client: ApiClient,
  started: OperationView,
  label: string,
  options: FollowOptions = {},
): Promise<OperationView> {
  const { intervalMs = POLL_INTERVAL_MS, stream = process.stderr, interrupts = process } = options;
  const spinner = options.spinner === true ? startSpinner(stream, label) : undefined;
  const bar: ProgressBar =
    spinner === undefined
      ? startProgressBar(stream, label)
      : { update: () => undefined, stop: () => spinner.stop() };
  const onInterrupt = (): void => {
    stream.write(`\ncancelling operation ${started.id}...\n`);
    client.request('POST', `/operations/${started.id}/cancel`).catch((error: unknown) => {
      // Ended meanwhile: the next poll shows how. Refused: say why, and wait for its end.
      if (error instanceof AppError && error.code !== 'OPERATION_NOT_RUNNING') {
        stream.write(`${error.message} (Ctrl-C again leaves without waiting)\n`);
      }
    });
  };
  interrupts.once('SIGINT', onInterrupt);
  let op = started;
  try {
    for (;;) {
      bar.update(op.progress);
      if (ENDED.has(op.status)) break;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
      op = await client.request<OperationView>('GET', `/operations/${started.id}`);
    }
  } finally {
    interrupts.removeListener('SIGINT', onInterrupt);
    bar.stop();
  }
  if (op.status === 'succeeded') return op;
  const error = op.error ?? { code: 'OPERATION_FAILED', message: `operation ${op.id} ${op.status}` };
  throw new AppError(error.code, error.code === 'VALIDATION_ERROR' ? 'invalid' : 'internal', error.message, {
    details: { operation: op.id, status: op.status },
  });
}

/**
 * What a request that may start an operation produced: its answer (a 200 or a 201), or, when it
 * answered 202, the result of its operation followed to its end.
 */
export async function outcomeOf<T>(
  client: ApiClient,
  path: string,
  body: unknown,
  label: string,
  options: FollowOptions = {},
): Promise<T> {
  const answer = await client.requestWithStatus<T | OperationView>('POST', path, body);
  if (answer.status !== 202) return answer.body as T;
  return (await followOperation(client, answer.body as OperationView, label, options)).result as T;
}
