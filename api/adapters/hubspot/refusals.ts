/**
 * HubSpot's refusal of a batch update for a reason that belongs to some of its records: a value a
 * property validation rule (or a conditional-required rule) does not accept. HubSpot refuses the
 * whole batch with 400 and category VALIDATION_ERROR, and its message names properties, not
 * records: "Property values were not valid: [{"isValid":false,"message":"…","error":"…","name":"city"}]"
 * (https://developers.hubspot.com/docs/api-reference/2026-03/crm/objects/contacts/batch/update-contacts,
 * https://developers.hubspot.com/docs/api-reference/latest/crm/property-validations/guide).
 */

interface PropertyError {
  name?: unknown;
  message?: unknown;
  error?: unknown;
}

/** Errors that are the property's, not a value's: every record writing it is refused alike. */
const DEFINITION_PROBLEMS = new Set(['PROPERTY_DOESNT_EXIST', 'READ_ONLY_VALUE']);

function propertyErrors(message: string): PropertyError[] {
  const start = message.indexOf('[');
  if (start < 0) return [];
  try {
    const parsed = JSON.parse(message.slice(start)) as unknown;
    return Array.isArray(parsed) ? (parsed as PropertyError[]) : [];
  } catch {
    return [];
  }
}

/** "city" → "City", "region_code" → "Region Code": the property as a person names it. */
export function propertyWords(name: string): string {
  return name
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * What a person reads about a refused value ("HubSpot refused the value for City: Enter only
 * letters"), or undefined when the answer is not a refusal some records could avoid (another
 * 400, or a property that does not exist or cannot be written, which every record shares).
 */
export function valueRefusal(body: unknown): string | undefined {
  const b = body as { category?: unknown; message?: unknown } | undefined;
  if (b?.category !== 'VALIDATION_ERROR' || typeof b.message !== 'string') return undefined;
  const errors = propertyErrors(b.message);
  if (errors.length === 0) return undefined;
  if (errors.every((e) => typeof e.error === 'string' && DEFINITION_PROBLEMS.has(e.error))) return undefined;
  return errors
    .map((e) => {
      const property = typeof e.name === 'string' ? propertyWords(e.name) : 'a property';
      const why = typeof e.message === 'string' ? e.message : 'the value is not valid';
      return `HubSpot refused the value for ${property}: ${why}`;
    })
    .join('; ');
}
