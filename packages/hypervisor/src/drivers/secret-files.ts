/**
 * Secrets for qemu-img, the way QEMU reads them without a command line or an environment seeing
 * them: each in a file of mode 0600 inside a fresh private directory (mode 0700), named to
 * qemu-img by `--object secret,id=ID,file=PATH`. The directory is removed when the work ends,
 * whether it succeeded or not.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A value inside a QEMU option string: commas are doubled, as QEMU's option parser reads them. */
export const optionValue = (value: string): string => value.replaceAll(',', ',,');

export interface SecretObjects<K extends string> {
  /** `--object secret,...` for each secret, to put before the command's other arguments. */
  args: string[];
  /** The object id of each secret given (undefined values are left out), for `encrypt.key-secret=ID`. */
  ids: Partial<Record<K, string>>;
}

/**
 * Runs `work` with each secret in its own file. Ids are `sec0`, `sec1`, ... in the order given;
 * no secret value appears in `args`.
 */
export async function withSecretFiles<K extends string, T>(
  secrets: { [name in K]?: string | undefined },
  work: (objects: SecretObjects<K>) => Promise<T>,
  parent: string = tmpdir(),
): Promise<T> {
  const entries = (Object.entries(secrets) as [K, string | undefined][]).filter(
    (entry): entry is [K, string] => entry[1] !== undefined,
  );
  if (entries.length === 0) return work({ args: [], ids: {} });
  const dir = await mkdtemp(join(parent, 'hv-secret-'));
  try {
    const args: string[] = [];
    const ids: Partial<Record<K, string>> = {};
    let index = 0;
    for (const [name, value] of entries) {
      const id = `sec${index}`;
      index += 1;
      const file = join(dir, id);
      await writeFile(file, value, { mode: 0o600, flag: 'wx' });
      args.push('--object', `secret,id=${id},file=${optionValue(file)}`);
      ids[name] = id;
    }
    return await work({ args, ids });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
