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

/** What a schema's pattern asks for, in words, by the pattern (see explainPattern). */
const patternRules = new Map<string, string>();

/**
 * Says what a `pattern` in a schema asks for ("must be a phone number of ..."), so a value that
 * does not match is refused with that sentence instead of the regular expression.
 */
export function explainPattern(pattern: string, rule: string): void {
  patternRules.set(pattern, rule);
}

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
    case 'pattern':
      return `${field} ${patternRules.get((error.params as { pattern: string }).pattern) ?? 'is not in the expected form'}.`;
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

/** C0 controls and DEL; tab, line feed and carriage return are text in a body (a support message). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL_IN_BODY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** In the address nothing is text that a control character could be part of. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL_IN_ADDRESS = /[\u0000-\u001f\u007f]/;
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * The name of the first field whose text (key or value) holds a character the pattern finds.
 * Walked with a stack, not recursion: a 100 kB body of nested arrays must not overflow it.
 */
function fieldWith(value: unknown, pattern: RegExp): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    const at = (key: string) => (path ? `${path}.${key}` : key);
    if (typeof current === 'string') {
      if (pattern.test(current)) return path;
    } else if (Array.isArray(current) || isPlainObject(current)) {
      const entries = Object.entries(current);
      const badKey = entries.find(([key]) => pattern.test(key));
      if (badKey) return at(badKey[0].replace(pattern, '?'));
      // Reversed onto the stack, so the first field is the first one named.
      for (const [key, item] of entries.reverse()) pending.push([item, at(key)]);
    }
  }
  return undefined;
}

/**
 * Every string input, for every route, once: no control characters in the address, the query
 * string or the body. PostgreSQL cannot store a NUL, and no field of this product means one.
 */
export const refuseControlCharacters: RequestHandler = (req, _res, next) => {
  if (ENCODED_CONTROL.test(req.path) || CONTROL_IN_ADDRESS.test(req.path)) {
    return next(badRequest('The address must not contain control characters.'));
  }
  const inQuery = fieldWith(req.query, CONTROL_IN_ADDRESS);
  if (inQuery !== undefined) return next(badRequest(`${inQuery} must not contain control characters.`));
  const inBody = fieldWith(req.body, CONTROL_IN_BODY);
  if (inBody !== undefined) {
    return next(badRequest(`${inBody || 'The request body'} must not contain control characters.`));
  }
  next();
};
