import { describe, expect, it } from 'vitest';
import { formatFields, formatTable, type Column } from '../../src/cli/table.js';

interface Row {
  name: string;
  cpus: number;
  state: string;
}

const columns: Column<Row>[] = [
  { header: 'NAME', value: (r) => r.name },
  { header: 'CPUS', value: (r) => String(r.cpus), align: 'right' },
  { header: 'STATE', value: (r) => r.state },
];

describe('formatTable', () => {
  it('pads each column to its widest cell, right-aligns numbers, leaves no trailing space', () => {
    const text = formatTable(columns, [
      { name: 'web1', cpus: 2, state: 'RUNNING' },
      { name: 'database-primary', cpus: 16, state: '' },
    ]);
    expect(text).toBe(
      ['NAME              CPUS  STATE', 'web1                 2  RUNNING', 'database-primary    16'].join(
        '\n',
      ),
    );
  });

  it('prints the header alone for no rows', () => {
    expect(formatTable(columns, [])).toBe('NAME  CPUS  STATE');
  });
});

describe('formatFields', () => {
  it('aligns values after their labels and keeps multi-line values under themselves', () => {
    expect(
      formatFields([
        ['name', 'web1'],
        ['disks', 'a (virtio-blk)\nb (virtio-blk)'],
        ['last error', ''],
      ]),
    ).toBe(
      ['name:        web1', 'disks:       a (virtio-blk)', '             b (virtio-blk)', 'last error:'].join(
        '\n',
      ),
    );
  });
});
