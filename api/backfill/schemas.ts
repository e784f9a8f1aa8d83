import { compile } from '../http/validation';
import type { BackfillRequest } from './contract';

/** What a dry run or a job is asked for. */
export const validBackfillRequest = compile<BackfillRequest>({
  type: 'object',
  additionalProperties: false,
  required: ['objectType', 'scope'],
  properties: {
    objectType: { type: 'string', enum: ['contact', 'company'] },
    scope: { type: 'string', enum: ['empty', 'all'] },
    changedSince: { type: 'string', format: 'date', maxLength: 10 },
  },
});
