/**
 * The job page's WebSocket to `/api/v1/jobs/{id}/stream`. The server sends the job's whole
 * history on every connection before its live messages, so the lines the page already holds
 * (read from `GET /logs`, or delivered before a reconnect) are counted off the history rather
 * than shown twice. A close with 1000 (after `job_complete`) ends the stream; any other close
 * is retried once after a pause, and the budget comes back once a connection opens.
 */
import type { StreamMessageOut } from '../../../src/api/stream-route.js';

export type StreamMessage = StreamMessageOut;

/** connecting → open → ended (the job ended), or → reconnecting → open, or → lost (retry failed) */
export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'ended' | 'lost';

export interface JobStreamOptions {
  /** log lines the page holds already: the first this many of the history are skipped */
  heldLines: number;
  onMessage(message: StreamMessage): void;
  onState(state: StreamState): void;
  /** pause before the one retry, ms */
  retryDelayMs?: number;
  /** for tests: the WebSocket constructor and the page's location */
  WebSocket?: new (url: string) => WebSocket;
  location?: Pick<Location, 'protocol' | 'host'>;
}

export interface JobStream {
  /** connect again after `lost`, keeping what was delivered */
  reconnect(): void;
  close(): void;
}

export function streamUrl(jobId: string, location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/v1/jobs/${encodeURIComponent(jobId)}/stream`;
}

export function openJobStream(jobId: string, options: JobStreamOptions): JobStream {
  const Socket = options.WebSocket ?? WebSocket;
  const url = streamUrl(jobId, options.location ?? location);
  const retryDelayMs = options.retryDelayMs ?? 1000;
  let held = options.heldLines;
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let canRetry = true;
  let closed = false;

  const connect = () => {
    // The history comes again on every connection: count its log lines off what is held.
    let historyLines = 0;
    let ended = false;
    const ws = new Socket(url);
    socket = ws;
    ws.onopen = () => {
      canRetry = true;
      options.onState('open');
    };
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      const message = JSON.parse(event.data) as StreamMessage;
      if (message.type === 'log') {
        historyLines++;
        if (historyLines <= held) return;
        held++;
      } else if (message.type === 'job_complete') {
        ended = true;
      }
      options.onMessage(message);
    };
    ws.onclose = (event: CloseEvent) => {
      if (closed || socket !== ws) return;
      socket = null;
      if (ended || event.code === 1000) return options.onState('ended');
      if (!canRetry) return options.onState('lost');
      canRetry = false;
      options.onState('reconnecting');
      retryTimer = setTimeout(connect, retryDelayMs);
    };
  };

  options.onState('connecting');
  connect();
  return {
    reconnect() {
      if (closed || socket !== null) return;
      clearTimeout(retryTimer);
      options.onState('connecting');
      connect();
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      socket?.close(1000);
      socket = null;
    },
  };
}
