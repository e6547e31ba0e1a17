/**
 * One change to an image at a time. An operation that reads or rewrites an image's file (resize,
 * convert, compact, check, rekey) claims it first and lets go when it ends; a second claim, a
 * delete, or a VM launching on the image meanwhile is refused with DISK_BUSY rather than queued,
 * since the first may run for minutes. Claims live in memory: a restart ends the work with them.
 */
import { HvErrors } from '../errors.js';

export interface DiskClaims {
  /** Claims `name` for `operation`; the returned function lets go. DISK_BUSY while another holds it. */
  claim(name: string, operation: string): () => void;
  /** DISK_BUSY when an operation holds `name`. */
  assertFree(name: string): void;
}

export function createDiskClaims(): DiskClaims {
  const held = new Map<string, string>();
  const assertFree = (name: string): void => {
    const operation = held.get(name);
    if (operation !== undefined) throw HvErrors.diskBusy({ name, operation });
  };
  return {
    assertFree,
    claim(name, operation) {
      assertFree(name);
      held.set(name, operation);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(name);
      };
    },
  };
}
