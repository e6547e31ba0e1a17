/** `hvctl pool ...`: the storage pools disk images live in. */
import type { Command } from 'commander';
import type { PoolView } from '../domain/pool-service.js';
import { formatSize } from '../domain/units.js';
import { clientCommand, clientFor, print, type ClientFlags } from './options.js';
import { formatTable } from '@lab/server-kit/cli';

function formatPoolTable(pools: readonly PoolView[]): string {
  return formatTable(
    [
      { header: 'NAME', value: (pool) => pool.name },
      { header: 'PATH', value: (pool) => pool.path },
      { header: 'IMAGES', value: (pool) => String(pool.images), align: 'right' },
      { header: 'ALLOCATED', value: (pool) => formatSize(pool.allocated_bytes), align: 'right' },
      { header: 'CAPACITY', value: (pool) => pool.capacity ?? '-', align: 'right' },
      { header: 'FS FREE', value: (pool) => pool.filesystem.free, align: 'right' },
    ],
    pools,
  );
}

export function addPoolCommands(program: Command): void {
  const pool = program.command('pool').description('Manage storage pools');

  clientCommand(pool, 'list', 'List the storage pools').action(async (flags: ClientFlags) => {
    const answer = await clientFor(flags).request<{ pools: PoolView[] }>('GET', '/storage/pools');
    print(flags, answer, (a) => formatPoolTable(a.pools));
  });

  clientCommand(pool, 'add', 'Adopt a directory as a storage pool (made when missing)')
    .argument('<name>', 'pool name: letters, digits, ".", "_", "-"')
    .argument('<path>', 'an absolute directory, with no symbolic link on the way')
    .option('--capacity <size>', 'the most virtual size its images may add up to: 100G')
    .action(async (name: string, path: string, flags: ClientFlags & { capacity?: string }) => {
      const body = { name, path, ...(flags.capacity === undefined ? {} : { capacity: flags.capacity }) };
      print(
        flags,
        await clientFor(flags).request<PoolView>('POST', '/storage/pools', body),
        (p) =>
          `storage pool '${p.name}' added at ${p.path}${p.capacity === null ? '' : ` (capacity ${p.capacity})`}`,
      );
    });
}
