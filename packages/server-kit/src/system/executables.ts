/** Finding a program on `PATH`, as a shell would, for services that run system tools. */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The path of the executable `command` in the first `PATH` directory that has one, or null. */
export function findExecutable(command: string, path = process.env.PATH ?? ''): string | null {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}
