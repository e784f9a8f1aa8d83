import { badRequest } from '../http/errors';
import type { Period } from './contract';
import { parseOffset, queryParam as one, type Query } from '../http/query-params';

export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const LEVELS = ['error', 'warn', 'info', 'debug'] as const;

export const PERIODS = { '1h': 1, '24h': 24, '7d': 168, '30d': 720 } as const satisfies Record<
  Period,
  number
>;

export interface LogFilters {
  level?: (typeof LEVELS)[number];
  search?: string;
  startDate?: Date;
  endDate?: Date;
  userId?: string;
  requestId?: string;
  sourceFile?: string;
  lookupOnly: boolean;
  groupByRequest: boolean;
  limit: number;
  offset: number;
}

function flag(query: Query, name: string, fallback: boolean): boolean {
  const raw = one(query, name);
  if (raw === undefined) return fallback;
  if (raw !== 'true' && raw !== 'false') throw badRequest(`${name} must be true or false.`);
  return raw === 'true';
}

/** A date (the whole day, UTC) or a date-time; `end` makes a bare date include its whole day. */
export function parseDate(raw: string | undefined, name: string, end = false): Date | undefined {
  if (raw === undefined) return undefined;
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(raw);
  const date = new Date(bare ? `${raw}T00:00:00Z` : raw);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(raw))
    throw badRequest(`${name} must be a date (YYYY-MM-DD) or an ISO date-time.`);
  return bare && end ? new Date(date.getTime() + 86_400_000 - 1) : date;
}

/** The log viewer's filters from a query string; unknown parameters (a cache buster) are ignored. */
export function parseLogFilters(query: Query): LogFilters {
  const level = one(query, 'level');
  if (level !== undefined && !(LEVELS as readonly string[]).includes(level))
    throw badRequest(`level must be one of: ${LEVELS.join(', ')}.`);
  const limitRaw = one(query, 'limit');
  const limit = limitRaw === undefined ? DEFAULT_PAGE_SIZE : Number(limitRaw);
  if (!(PAGE_SIZES as readonly number[]).includes(limit))
    throw badRequest(`limit must be one of: ${PAGE_SIZES.join(', ')}.`);
  const startDate = parseDate(one(query, 'startDate'), 'startDate');
  const endDate = parseDate(one(query, 'endDate'), 'endDate', true);
  if (startDate && endDate && startDate > endDate) throw badRequest('startDate must not be after endDate.');
  return {
    level: level as LogFilters['level'],
    search: one(query, 'search')?.trim() || undefined,
    startDate,
    endDate,
    userId: one(query, 'userId', 100),
    requestId: one(query, 'requestId', 100),
    sourceFile: one(query, 'sourceFile'),
    lookupOnly: flag(query, 'lookupOnly', true),
    groupByRequest: flag(query, 'groupByRequest', true),
    limit,
    offset: parseOffset(query),
  };
}

export function parsePeriod(query: Query): Period {
  const raw = one(query, 'period') ?? '24h';
  // Own keys only: `in` would also accept inherited ones such as __proto__ and constructor.
  if (!Object.hasOwn(PERIODS, raw))
    throw badRequest(`period must be one of: ${Object.keys(PERIODS).join(', ')}.`);
  return raw as Period;
}
