import { compile } from '../http/validation';
import type { HealthCheckRequest } from './contract';

/** What a health check is asked for. */
export const validHealthCheckRequest = compile<HealthCheckRequest>({
  type: 'object',
  additionalProperties: false,
  required: ['objectType'],
  properties: {
    objectType: { type: 'string', enum: ['contact', 'company'] },
  },
});
