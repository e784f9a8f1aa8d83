import { Ajv, type ErrorObject, type JSONSchemaType, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { RequestHandler } from 'express';
import { badRequest } from './errors';

/**
 * One ajv for the service. allErrors and $data stay off: both are denial-of-service vectors
 * with untrusted input; the first error is enough to tell a person what to fix.
 */
export const ajv = new Ajv({
  allErrors: false,
  $data: false,
  strict: true,
  coerceTypes: false,
  useDefaults: false,
});
addFormats.default(ajv, ['email', 'date', 'date-time', 'uuid', 'uri']);

function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return path ? `${path}.${missing}` : missing;
  }
  return path;
}

/** A sentence naming the field and what is wrong with it. */
export function describeValidationError(error: ErrorObject | undefined, where: string): string {
  if (!error) return `The ${where} is not valid.`;
  const field = fieldOf(error);
  switch (error.keyword) {
    case 'required':
      return `${field} is required.`;
    case 'additionalProperties':
      return `Unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"${field ? ` in ${field}` : ''}.`;
    case 'type':
      return field
        ? `${field} must be ${(error.params as { type: string }).type}.`
        : `The ${where} must be a JSON object.`;
    case 'format':
      return `${field} must be a valid ${(error.params as { format: string }).format === 'email' ? 'e-mail address' : (error.params as { format: string }).format}.`;
    case 'maxLength':
      return `${field} must be at most ${(error.params as { limit: number }).limit} characters.`;
    case 'minLength':
      return `${field} must be at least ${(error.params as { limit: number }).limit} characters.`;
    case 'enum':
      return `${field} must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}.`;
    default:
      return `${field || `The ${where}`} ${error.message ?? 'is not valid'}.`;
  }
}

export function compile<T>(schema: JSONSchemaType<T> | Record<string, unknown>): ValidateFunction<T> {
  return ajv.compile<T>(schema as JSONSchemaType<T>);
}

/** Validates one part of the request against a compiled schema, answering 400 with the field named. */
function validatePart(part: 'body' | 'query' | 'params', validate: ValidateFunction): RequestHandler {
  const where = part === 'body' ? 'request body' : part === 'query' ? 'query string' : 'address';
  return (req, _res, next) => {
    const value: unknown = part === 'body' ? (req.body ?? {}) : req[part];
    if (!validate(value)) return next(badRequest(describeValidationError(validate.errors?.[0], where)));
    next();
  };
}

export const validateBody = (validate: ValidateFunction) => validatePart('body', validate);
export const validateQuery = (validate: ValidateFunction) => validatePart('query', validate);
export const validateParams = (validate: ValidateFunction) => validatePart('params', validate);
