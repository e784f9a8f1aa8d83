import type { RecordHistoryAnswer, RecordObjectType, RecordUndoAnswer } from '@api/record-history/contract';
import { api } from '../../lib/api';

/** A CRM record as the history and undo name it. */
export interface RecordRef {
  portalId: string;
  objectType: RecordObjectType;
  objectId: string;
}

const pathOf = ({ portalId, objectType, objectId }: RecordRef) =>
  `/hubspot/records/${encodeURIComponent(portalId)}/${objectType}/${encodeURIComponent(objectId)}`;

const tagOf = (record: RecordRef) => ({
  type: 'RecordHistory' as const,
  id: `${record.portalId}/${record.objectType}/${record.objectId}`,
});

const recordHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordHistory: build.query<RecordHistoryAnswer, RecordRef>({
      query: (record) => `${pathOf(record)}/history`,
      providesTags: (_answer, _error, record) => [tagOf(record)],
    }),
    /** Free, refunds nothing: the record's history (and so the button) is read again. */
    undoRecordChange: build.mutation<RecordUndoAnswer, RecordRef>({
      query: (record) => ({ url: `${pathOf(record)}/undo`, method: 'POST', body: {} }),
      invalidatesTags: (_answer, _error, record) => [tagOf(record)],
    }),
  }),
});

export const { useRecordHistoryQuery, useUndoRecordChangeMutation } = recordHistoryApi;
