import type { ColumnType } from 'kysely';

/** Where each projection stands in the event log, written in the same transaction as its changes. */
export interface CheckpointTables {
  projection_checkpoints: {
    name: string;
    checkpoint: string;
    updated_at: ColumnType<Date, Date | string, Date | string>;
  };
}
