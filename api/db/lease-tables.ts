import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Who runs each singleton worker, until when (api/db/leases.ts explains the lease). */
export interface WorkerLeaseTable {
  name: string;
  /** host:pid:uuid of the holder, unique per acquisition. */
  holder: string;
  /** By the database's clock; past it, another process may take the lease. */
  expires_at: Timestamp;
  acquired_at: Timestamp;
}

export interface WorkerLeaseTables {
  worker_leases: WorkerLeaseTable;
}
