/**
 * One change, whole: its rows, the rows of the events it causes and its audit row commit in one
 * transaction; the events are published only after the commit, so a listener never hears of a
 * change that rolled back.
 */
import { inTransaction, type BusEvent, type Database } from '@lab/server-kit';
import type { AuditContext, AuditLog } from './audit.js';
import type { EventLog } from './events.js';

export interface Transaction {
  emit(kind: string, data: Record<string, unknown>): void;
  /** Records the request as a success, when there is a request (changes the guest causes have none). */
  audit(context: AuditContext | null): void;
  /** The time of the change, one value for all its rows. */
  readonly at: string;
}

export type UnitOfWork = <T>(work: (tx: Transaction) => T) => T;

export function createUnitOfWork(
  db: Database,
  events: EventLog,
  audit: AuditLog,
  now: () => Date = () => new Date(),
): UnitOfWork {
  return (work) => {
    const pending: BusEvent[] = [];
    const at = now().toISOString();
    const tx: Transaction = {
      at,
      emit: (kind, data) => {
        pending.push(events.append(kind, data));
      },
      audit: (context) => {
        if (context !== null) audit.record(context, 'success', context.status, null, at);
      },
    };
    let result;
    try {
      result = inTransaction(db, () => work(tx));
    } catch (error) {
      events.discard();
      throw error;
    }
    events.publish(pending);
    return result;
  };
}
