import { compile } from '../http/validation';

export const validThreshold = compile<{ threshold: number | null }>({
  type: 'object',
  additionalProperties: false,
  required: ['threshold'],
  properties: { threshold: { type: ['integer', 'null'], minimum: 0, maximum: 100_000_000 } },
});
