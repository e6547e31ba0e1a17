import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openJobStream, streamUrl, type StreamMessage, type StreamState } from './job-stream.js';

/** A WebSocket the test drives: it opens, delivers messages and closes when told. */
class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closedWith: number | undefined;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  open() {
    this.onopen?.();
  }
  send(...messages: StreamMessage[]) {
    for (const message of messages) this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code: number) {
    this.onclose?.({ code });
  }
  close(code: number) {
    this.closedWith = code;
  }
}

const log = (message: string): StreamMessage => ({
  type: 'log',
  timestamp: '2026-11-27T08:00:00.000Z',
  stage: 'simulation',
  level: 'INFO',
  message,
});

function start(heldLines: number) {
  const messages: StreamMessage[] = [];
  const states: StreamState[] = [];
  const stream = openJobStream('job_0123456789abcdef', {
    heldLines,
    onMessage: (message) => messages.push(message),
    onState: (state) => states.push(state),
    retryDelayMs: 500,
    WebSocket: FakeSocket as never,
    location: { protocol: 'http:', host: 'localhost:8080' },
  });
  return {
    stream,
    messages,
    states,
    logs: () => messages.flatMap((m) => (m.type === 'log' ? [m.message] : [])),
  };
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('openJobStream', () => {
  it('connects to the same origin, ws or wss as the page', () => {
    expect(streamUrl('job_1', { protocol: 'https:', host: 'ci.example.com' })).toBe(
      'wss://ci.example.com/api/v1/jobs/job_1/stream',
    );
    start(0);
    expect(FakeSocket.made[0]!.url).toBe('ws://localhost:8080/api/v1/jobs/job_0123456789abcdef/stream');
  });

  it('skips the history lines the page already read, and passes the rest and the other messages', () => {
    const { messages, logs, states } = start(2);
    const socket = FakeSocket.made[0]!;
    socket.open();
    socket.send(log('one'), log('two'), {
      type: 'stage_complete',
      stage: 'lint',
      status: 'passed',
      duration: '1.0s',
      reason: null,
    });
    socket.send(log('three'), { type: 'progress', stage: 'simulation', tests_complete: 1, tests_total: 4 });
    expect(logs()).toEqual(['three']);
    expect(messages.map((m) => m.type)).toEqual(['stage_complete', 'log', 'progress']);
    socket.send({ type: 'job_complete', status: 'passed', error: null });
    socket.drop(1000);
    expect(states).toEqual(['connecting', 'open', 'ended']);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('reconnects once after an abnormal close, without repeating a line', () => {
    const { logs, states } = start(1);
    const first = FakeSocket.made[0]!;
    first.open();
    first.send(log('one'), log('two'), log('three'));
    first.drop(1006);
    expect(states.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(499);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeSocket.made[1]!;
    second.open();
    // The new connection's history repeats all three, then a new line comes.
    second.send(log('one'), log('two'), log('three'), log('four'));
    expect(logs()).toEqual(['two', 'three', 'four']);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('gives up when the retry fails, and connects again on demand', () => {
    const { stream, logs, states } = start(0);
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.send(log('one'));
    FakeSocket.made[0]!.drop(1001);
    vi.advanceTimersByTime(500);
    // Refused in the handshake: closed without opening.
    FakeSocket.made[1]!.drop(1006);
    expect(states.at(-1)).toBe('lost');
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.made).toHaveLength(2);

    stream.reconnect();
    FakeSocket.made[2]!.open();
    FakeSocket.made[2]!.send(log('one'), log('two'));
    expect(logs()).toEqual(['one', 'two']);
  });

  it('stops without retrying when the page closes it', () => {
    const { stream, states } = start(0);
    const socket = FakeSocket.made[0]!;
    socket.open();
    stream.close();
    expect(socket.closedWith).toBe(1000);
    socket.drop(1000);
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(states).toEqual(['connecting', 'open']);
  });
});
