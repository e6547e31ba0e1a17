/** Base images: linked clones read through them, so what would change their content is refused. */
import { HvErrors } from '../errors.js';

/** 409 DISK_IS_BACKING when clones back onto image `name`; `hint` says why the action would harm them. */
export function assertNotBacking(
  images: { dependents(name: string): string[] },
  name: string,
  hint: string,
): void {
  const clones = images.dependents(name);
  if (clones.length > 0) throw HvErrors.diskIsBacking({ name, clones, hint });
}
