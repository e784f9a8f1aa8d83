import type {
  BackfillDryRunAnswer,
  BackfillJob,
  BackfillJobAnswer,
  BackfillJobsAnswer,
  BackfillRequest,
  UndoDryRunAnswer,
} from '@api/backfill/contract';
import { api } from '../../lib/api';

type JobAction = 'pause' | 'resume' | 'cancel';

const backfillApi = api.injectEndpoints({
  endpoints: (build) => ({
    backfillJobs: build.query<BackfillJob[], void>({
      query: () => '/hubspot/backfills',
      transformResponse: (body: BackfillJobsAnswer) => body.jobs,
      providesTags: [{ type: 'Backfill', id: 'LIST' }],
    }),
    /** Nothing charged or written: what a job with these choices would do. */
    backfillDryRun: build.mutation<BackfillDryRunAnswer, { portalId: string; request: BackfillRequest }>({
      query: ({ portalId, request }) => ({
        url: `/hubspot/backfills/${encodeURIComponent(portalId)}/dry-run`,
        method: 'POST',
        body: request,
      }),
    }),
    startBackfill: build.mutation<BackfillJobAnswer, { portalId: string; request: BackfillRequest }>({
      query: ({ portalId, request }) => ({
        url: `/hubspot/backfills/${encodeURIComponent(portalId)}`,
        method: 'POST',
        body: request,
      }),
      invalidatesTags: [{ type: 'Backfill', id: 'LIST' }],
    }),
    backfillAction: build.mutation<BackfillJobAnswer, { jobId: string; action: JobAction }>({
      query: ({ jobId, action }) => ({
        url: `/hubspot/backfill/${encodeURIComponent(jobId)}/${action}`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: [{ type: 'Backfill', id: 'LIST' }],
    }),
    /**
     * What undoing a finished job would do, nothing written: a query, so the undo dialog reads it
     * as it opens (and afresh each time it opens).
     */
    undoDryRun: build.query<UndoDryRunAnswer, string>({
      query: (jobId) => ({
        url: `/hubspot/backfill/${encodeURIComponent(jobId)}/undo/dry-run`,
        method: 'POST',
        body: {},
      }),
      keepUnusedDataFor: 0,
    }),
    /** Starts the undo job of a finished job: it joins the list. */
    startUndo: build.mutation<BackfillJobAnswer, string>({
      query: (jobId) => ({
        url: `/hubspot/backfill/${encodeURIComponent(jobId)}/undo`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: [{ type: 'Backfill', id: 'LIST' }],
    }),
    /** The report as text: the route wants the bearer token, which a plain link would not send. */
    backfillReport: build.mutation<string, string>({
      query: (jobId) => ({
        url: `/hubspot/backfill/${encodeURIComponent(jobId)}/report.csv`,
        responseHandler: 'text',
      }),
    }),
  }),
});

export const {
  useBackfillJobsQuery,
  useBackfillDryRunMutation,
  useStartBackfillMutation,
  useBackfillActionMutation,
  useBackfillReportMutation,
  useUndoDryRunQuery,
  useStartUndoMutation,
} = backfillApi;

/** Reads the jobs' cache entry without subscribing to it. */
export const useBackfillJobsQueryState = backfillApi.endpoints.backfillJobs.useQueryState;
