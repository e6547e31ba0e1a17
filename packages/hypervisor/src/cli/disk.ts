/** `hvctl disk ...`: the disk images of the storage routes. */
import { Option, type Command } from 'commander';
import type { DiskImage } from '../domain/disk-service.js';
import { clientCommand, clientFor, print, segment, shortTime, type ClientFlags } from './options.js';
import { formatTable } from './table.js';

function formatImageTable(images: readonly DiskImage[]): string {
  return formatTable(
    [
      { header: 'NAME', value: (image) => image.name },
      { header: 'FORMAT', value: (image) => image.format },
      { header: 'SIZE', value: (image) => image.size, align: 'right' },
      { header: 'ON DISK', value: (image) => image.actual_size, align: 'right' },
      { header: 'USED BY', value: (image) => (image.used_by.length === 0 ? '-' : image.used_by.join(',')) },
      { header: 'CREATED', value: (image) => shortTime(image.created_at) },
    ],
    images,
  );
}

export function addDiskCommands(program: Command): void {
  const disk = program.command('disk').description('Manage disk images');

  clientCommand(disk, 'list', 'List the disk images').action(async (flags: ClientFlags) => {
    const answer = await clientFor(flags).request<{ images: DiskImage[] }>('GET', '/storage');
    print(flags, answer, (a) => formatImageTable(a.images));
  });

  clientCommand(disk, 'create', 'Create a disk image with qemu-img')
    .argument('<name>', 'image name: letters, digits, ".", "_", "-"')
    .requiredOption('--size <size>', 'virtual size with a binary unit: 20G, 512M')
    .addOption(new Option('--format <format>', 'image format (default qcow2)').choices(['qcow2', 'raw']))
    .action(async (name: string, flags: ClientFlags & { size: string; format?: string }) => {
      const body = {
        name,
        size: flags.size,
        ...(flags.format === undefined ? {} : { format: flags.format }),
      };
      print(
        flags,
        await clientFor(flags).request<DiskImage>('POST', '/storage', body),
        (image) => `disk image '${image.name}' created (${image.format}, ${image.size})`,
      );
    });

  clientCommand(disk, 'delete', 'Delete a disk image (refused while a running VM uses it)')
    .argument('<name>', 'image name')
    .action(async (name: string, flags: ClientFlags) => {
      print(
        flags,
        await clientFor(flags).request<{ name: string }>('DELETE', `/storage/${segment(name)}`),
        (a) => `disk image '${a.name}' deleted`,
      );
    });
}
