/**
 * Waiting for a job to end over its WebSocket stream (the SDK's `jobs.stream`), for
 * `job submit --wait` and `job logs -f`. Ctrl-C (SIGINT, or SIGTERM as a CI runner sends it)
 * stops waiting and leaves the job running, saying so with its id; with `cancelOnInterrupt` it
 * cancels the job instead and waits for it to end `cancelled`. A second interrupt stops at once.
 */
import type { Job, PlatformClient, StreamMessage } from '../client/index.js';

export interface WaitOptions {
  cancelOnInterrupt: boolean;
  /** Where the interrupt's notes go. */
  err?: { write(text: string): unknown };
}

/** The job as it ended, or not ended when the wait was stopped before it did. */
export type WaitOutcome = { ended: true; job: Job } | { ended: false; jobId: string };

export interface JobWait {
  /**
   * Follows the stream, each message to `onMessage`, until the job ends or an interrupt stops
   * the wait; then stops listening for interrupts.
   */
  follow(onMessage: (message: StreamMessage) => void): Promise<WaitOutcome>;
}

const INTERRUPTS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Starts listening for interrupts at once, so that one that comes while the caller draws its
 * first view is already the wait's; `follow` then does the waiting.
 */
export function startWait(client: PlatformClient, jobId: string, options: WaitOptions): JobWait {
  const { err = process.stderr } = options;
  const controller = new AbortController();
  let interrupts = 0;
  let cancelling: Promise<unknown> | undefined;
  const onInterrupt = () => {
    interrupts += 1;
    if (options.cancelOnInterrupt && interrupts === 1) {
      err.write(`\ncancelling ${jobId} (interrupt again to stop waiting)\n`);
      cancelling = client.jobs.cancel(jobId).catch((error: unknown) => {
        err.write(`could not cancel ${jobId}: ${(error as Error).message}\n`);
        controller.abort();
      });
      return;
    }
    err.write(`\nstopped waiting; ${jobId} goes on: verifyctl job show ${jobId}\n`);
    controller.abort();
  };
  for (const signal of INTERRUPTS) process.on(signal, onInterrupt);
  return {
    async follow(onMessage) {
      try {
        const end = await client.jobs.stream(jobId, { signal: controller.signal, onMessage });
        await cancelling;
        if (end === undefined) return { ended: false, jobId };
        return { ended: true, job: await client.jobs.get(jobId) };
      } finally {
        for (const signal of INTERRUPTS) process.off(signal, onInterrupt);
      }
    },
  };
}
