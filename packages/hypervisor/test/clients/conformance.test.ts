/**
 * The conformance table of the client libraries (docs/hypervisor-clients.md) is the one
 * clients/conformance/conformance.ts makes from the checked-in `<language>.json` files, and every
 * cell of it is covered: each operation of docs/hypervisor-grpc.md's mapping and each feature, over
 * each transport of each library. Until every suite covers everything this fails, naming the cells.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CLIENTS_DOC,
  FEATURES,
  LANGUAGES,
  cells,
  coverage,
  operations,
  table,
  withTable,
} from '../../clients/conformance/conformance.js';

describe('client library conformance', () => {
  it('docs/hypervisor-clients.md holds the table the conformance files make', () => {
    const document = readFileSync(CLIENTS_DOC, 'utf8');
    expect(withTable(document, table())).toBe(document);
  });

  it('reads the 70 operations of the mapping tables', () => {
    const ids = operations();
    expect(ids).toHaveLength(70);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['ListVms', 'WatchVmEvents', 'MigrateVm', 'DeleteToken']));
  });

  it('has a conformance file per library naming only known operations and features, on its transports', () => {
    const known = new Set([...operations(), ...FEATURES.keys()]);
    for (const { language, transports } of LANGUAGES) {
      const { language: named, covered } = coverage(language);
      expect(named).toBe(language);
      expect(Object.keys(covered).sort()).toEqual([...transports].sort());
      for (const ids of Object.values(covered)) {
        expect(ids.filter((id) => !known.has(id))).toEqual([]);
        expect(ids).toEqual([...new Set(ids)].sort());
      }
    }
  });

  it('has every cell covered', () => {
    const missing = cells()
      .filter((cell) => !cell.covered)
      .map((cell) => `${cell.language} ${cell.transport} ${cell.id}`);
    expect(missing).toEqual([]);
  });
});
