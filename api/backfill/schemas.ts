import { ADDRESS_CLASSES } from '../../domain/address-health/figures';
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
    // A real day by its format; whether it lies from 1970-01-01 to today is checked next (changedSinceProblem).
    changedSince: { type: 'string', maxLength: 10 },
    // Any class the check names; one no lookup can fix is refused next, saying why (fixOfClass).
    healthClass: { type: 'string', enum: [...ADDRESS_CLASSES] },
  },
});
