import {
  DEFAULT_USER_PAGE_SIZE,
  DEFAULT_USER_SORT,
  USER_PAGE_SIZES,
  USER_SORT_FIELDS,
  type UserSortField,
} from '../../domain/admin/rules';
import type { PageQuery, UsersQuery } from './contract';
import { badRequest } from '../http/errors';
import { parseOffset, queryParam, type Query } from '../http/query-params';

const one = (query: Query, name: string) => queryParam(query, name, 320);

/** search, limit and offset of an admin user table; unknown parameters (a cache buster) are ignored. */
export function parsePageQuery(query: Query): PageQuery {
  const limitRaw = one(query, 'limit');
  const limit = limitRaw === undefined ? DEFAULT_USER_PAGE_SIZE : Number(limitRaw);
  if (!(USER_PAGE_SIZES as readonly number[]).includes(limit))
    throw badRequest(`limit must be one of: ${USER_PAGE_SIZES.join(', ')}.`);
  const search = one(query, 'search')?.trim();
  return { ...(search ? { search } : {}), limit, offset: parseOffset(query) };
}

/** The Users table's page: search, sort field and direction, limit and offset. */
export function parseUsersQuery(query: Query): UsersQuery {
  const sort = one(query, 'sort') ?? DEFAULT_USER_SORT.field;
  if (!(USER_SORT_FIELDS as readonly string[]).includes(sort))
    throw badRequest(`sort must be one of: ${USER_SORT_FIELDS.join(', ')}.`);
  const direction = one(query, 'direction') ?? DEFAULT_USER_SORT.direction;
  if (direction !== 'asc' && direction !== 'desc') throw badRequest('direction must be asc or desc.');
  return { ...parsePageQuery(query), sort: sort as UserSortField, direction };
}
