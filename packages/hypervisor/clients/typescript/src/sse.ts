/**
 * Server-Sent Events read from a `fetch` body, as the WHATWG EventSource parses them (lines ended
 * by CRLF, LF or CR; `event`, `data`, `id`, `retry` fields; `:` comments; an event dispatched at a
 * blank line). `fetch` rather than EventSource: it sends the token header, works in Node, and
 * lets the client decide how to resume.
 */

/** One message of the stream, before its data is parsed. */
export interface SseMessage {
  /** The `id:` of the message, or undefined when it had none. */
  id: string | undefined;
  /** The `event:` name (`message` when absent). */
  event: string;
  /** The `data:` lines joined with `\n`. */
  data: string;
  /** A `retry:` the server asked for, in milliseconds. */
  retry: number | undefined;
}

/**
 * The messages of `body`, in order, until it ends. A comment-only block (a heartbeat) yields
 * nothing; a block with only `retry:` or `id:` is yielded with empty data (the client keeps them).
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let id: string | undefined;
  let event = '';
  let data: string[] = [];
  let retry: number | undefined;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        // A lone CR at the end may be the first half of a CRLF: wait for the next chunk.
        if (end === -1 || (end === buffer.length - 1 && buffer.endsWith('\r'))) break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
        if (line === '') {
          if (data.length > 0 || id !== undefined || retry !== undefined) {
            yield { id, event: event || 'message', data: data.join('\n'), retry };
          }
          id = undefined;
          event = '';
          data = [];
          retry = undefined;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
        if (field === 'data') data.push(value);
        else if (field === 'event') event = value;
        else if (field === 'id' && !value.includes('\0')) id = value;
        else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
