/**
 * The event stream's documented kinds (EVENT_KINDS, shown in the OpenAPI description of `kinds`)
 * cover every kind the core emits: a kind added in the core without its line here fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EVENT_KINDS } from '../../src/api/event-routes.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('EVENT_KINDS', () => {
  it('lists every kind the core emits', () => {
    const emitted = new Set<string>();
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:emit|recordAction)\(\s*(?:[a-z]+,\s*)?'([a-z_]+\.[a-z_]+)'/g)) {
        emitted.add(match[1] ?? '');
      }
    }
    // Lease events are named from the driver's change: network.lease_added, network.lease_expired.
    expect(emitted.size).toBeGreaterThan(20);
    expect([...emitted].filter((kind) => !(EVENT_KINDS as readonly string[]).includes(kind))).toEqual([]);
    expect(EVENT_KINDS).toEqual(expect.arrayContaining(['network.lease_added', 'network.lease_expired']));
  });
});
