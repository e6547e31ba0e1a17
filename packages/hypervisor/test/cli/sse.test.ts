import { describe, expect, it } from 'vitest';
import { createSseParser } from '../../src/cli/sse.js';

describe('createSseParser', () => {
  it('reads id, event and data, dispatching on a blank line', () => {
    const parser = createSseParser();
    expect(
      parser.push('retry: 2000\n\nid: 7\nevent: vm.state_changed\ndata: {"vm":"web1"}\n\n: heartbeat\n\n'),
    ).toEqual([{ id: '7', event: 'vm.state_changed', data: '{"vm":"web1"}' }]);
    expect(parser.lastEventId).toBe('7');
    expect(parser.retryMs).toBe(2000);
  });

  it('joins data lines with newlines and defaults the type to message', () => {
    const parser = createSseParser();
    expect(parser.push('data: one\ndata:two\ndata\n\n')).toEqual([
      { id: '', event: 'message', data: 'one\ntwo\n' },
    ]);
  });

  it('assembles events split anywhere across chunks, CRLF split in two included', () => {
    const stream = 'id: 1\r\nevent: a\r\ndata: {"x":1}\r\n\r\nid: 2\revent: b\rdata: {"x":2}\r\r\n';
    for (let cut = 1; cut < stream.length; cut += 1) {
      const parser = createSseParser();
      const events = [...parser.push(stream.slice(0, cut)), ...parser.push(stream.slice(cut))];
      expect(events, `cut at ${cut}`).toEqual([
        { id: '1', event: 'a', data: '{"x":1}' },
        { id: '2', event: 'b', data: '{"x":2}' },
      ]);
    }
  });

  it('holds a CR that ends a chunk until it knows whether an LF follows', () => {
    const parser = createSseParser();
    expect(parser.push('data: a\r\r')).toEqual([]);
    expect(parser.push('\ndata: b\n\n')).toEqual([
      { id: '', event: 'message', data: 'a' },
      { id: '', event: 'message', data: 'b' },
    ]);
  });

  it('keeps the last id across events and from the start value, and ignores bad retry and NUL ids', () => {
    const parser = createSseParser('41');
    expect(parser.push('data: a\n\nretry: soon\nid: x\0y\nevent: e\ndata: b\n\n')).toEqual([
      { id: '41', event: 'message', data: 'a' },
      { id: '41', event: 'e', data: 'b' },
    ]);
    expect(parser.retryMs).toBeUndefined();
  });

  it('dispatches nothing for an event without data, and forgets its type', () => {
    const parser = createSseParser();
    expect(parser.push('event: lonely\nid: 3\n\ndata: x\n\n')).toEqual([
      { id: '3', event: 'message', data: 'x' },
    ]);
  });
});
