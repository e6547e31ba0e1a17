/**
 * An incremental parser of a Server-Sent Events stream, as the HTML standard's "interpret an event
 * stream" describes it: fields `id`, `event`, `data` and `retry`, comment lines (`: heartbeat`),
 * events dispatched on a blank line, and lines ended by CRLF, LF or CR, split anywhere across
 * chunks.
 */

export interface SseEvent {
  /** The last event id at dispatch (the `id:` of this event or of an earlier one), '' when none. */
  id: string;
  /** `event:`, or `message` when the event named no type. */
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds decoded text; returns the events that it completes, in order. */
  push(text: string): SseEvent[];
  /** What `Last-Event-ID` must carry when reconnecting. */
  readonly lastEventId: string;
  /** The reconnection delay the server advised with `retry:`, if it did. */
  readonly retryMs: number | undefined;
}

export function createSseParser(lastEventId = ''): SseParser {
  let buffer = '';
  let data: string[] = [];
  let eventType = '';
  let id = lastEventId;
  let retryMs: number | undefined;

  const line = (text: string, out: SseEvent[]): void => {
    if (text === '') {
      if (data.length > 0)
        out.push({ id, event: eventType === '' ? 'message' : eventType, data: data.join('\n') });
      data = [];
      eventType = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        data.push(value);
        break;
      case 'event':
        eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retryMs = Number(value);
        break;
    }
  };

  return {
    push(text) {
      buffer += text;
      const out: SseEvent[] = [];
      const terminator = /\r\n|\n|\r/g;
      let start = 0;
      for (let match = terminator.exec(buffer); match !== null; match = terminator.exec(buffer)) {
        // A CR at the very end may be the first half of a CRLF still in flight.
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        line(buffer.slice(start, match.index), out);
        start = terminator.lastIndex;
      }
      buffer = buffer.slice(start);
      return out;
    },
    get lastEventId() {
      return id;
    },
    get retryMs() {
      return retryMs;
    },
  };
}
