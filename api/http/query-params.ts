import { badRequest } from './errors';

export type Query = Record<string, unknown>;

/** A query parameter given at most once and not too long; absent or empty reads as undefined. */
export function queryParam(query: Query, name: string, max = 200): string | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(`${name} must be given once.`);
  if (raw.length > max) throw badRequest(`${name} must be at most ${max} characters.`);
  return raw;
}

/** Where a page starts: a whole number, 0 when not given. */
export function parseOffset(query: Query): number {
  const raw = queryParam(query, 'offset');
  if (raw === undefined) return 0;
  if (!/^\d{1,9}$/.test(raw)) throw badRequest('offset must be a whole number, 0 or more.');
  return Number(raw);
}
