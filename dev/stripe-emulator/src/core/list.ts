import { invalid } from './errors.js';
import { int, obj, str, type Params } from './params.js';
import type { Obj } from './store.js';

export interface ListObject {
  object: 'list';
  data: Obj[];
  has_more: boolean;
  url: string;
}

/** `created=123` or `created[gte|gt|lte|lt]=...` as Stripe's list endpoints accept. */
export function matchesRange(value: number, p: Params, key: string): boolean {
  const raw = p[key];
  if (raw === undefined || raw === '') return true;
  if (typeof raw === 'string') return value === parseTs(raw, key);
  const r = obj(p, key) ?? {};
  const bound = (k: string) => (typeof r[k] === 'string' ? parseTs(r[k] as string, `${key}[${k}]`) : undefined);
  const gte = bound('gte'),
    gt = bound('gt'),
    lte = bound('lte'),
    lt = bound('lt');
  return (
    (gte === undefined || value >= gte) &&
    (gt === undefined || value > gt) &&
    (lte === undefined || value <= lte) &&
    (lt === undefined || value < lt)
  );
}

function parseTs(v: string, param: string): number {
  if (!/^\d+$/.test(v)) throw invalid(`Invalid integer: ${v}`, param);
  return Number(v);
}

/** Newest first (created desc; among equal seconds the later-inserted first), as Stripe lists. */
export function newestFirst(items: Iterable<Obj>): Obj[] {
  const arr = [...items].reverse();
  arr.sort((a, b) => b.created - a.created);
  return arr;
}

/**
 * A Stripe list page over `items` (insertion order): `created` filter, newest first, `limit` (1..100,
 * default 10), cursor `starting_after` (older than the given id) or `ending_before` (newer than it).
 */
export function paginate(items: Iterable<Obj>, p: Params, url: string, createdKey = 'created'): ListObject {
  const limit = int(p, 'limit') ?? 10;
  if (limit < 1 || limit > 100)
    throw invalid('This value must be greater than or equal to 1 and less than or equal to 100.', 'limit');
  const filtered =
    p.created === undefined ? [...items] : [...items].filter((o) => matchesRange(o[createdKey], p, 'created'));
  const sorted = newestFirst(filtered);
  const after = str(p, 'starting_after');
  const before = str(p, 'ending_before');
  if (after) {
    const i = cursorIndex(sorted, after, 'starting_after');
    const data = sorted.slice(i + 1, i + 1 + limit);
    return { object: 'list', data, has_more: i + 1 + limit < sorted.length, url };
  }
  if (before) {
    const i = cursorIndex(sorted, before, 'ending_before');
    const start = Math.max(0, i - limit);
    return { object: 'list', data: sorted.slice(start, i), has_more: start > 0, url };
  }
  return { object: 'list', data: sorted.slice(0, limit), has_more: sorted.length > limit, url };
}

function cursorIndex(sorted: Obj[], id: string, param: string): number {
  const i = sorted.findIndex((o) => o.id === id);
  if (i === -1) throw invalid(`No such object: '${id}'`, param, 'resource_missing');
  return i;
}

/** Stripe's search result page; `page` is an opaque offset cursor. */
export function searchPage(matches: Obj[], p: Params, url: string): Obj {
  const limit = int(p, 'limit') ?? 10;
  if (limit < 1 || limit > 100)
    throw invalid('This value must be greater than or equal to 1 and less than or equal to 100.', 'limit');
  const page = str(p, 'page');
  const offset = page ? Number(Buffer.from(page, 'base64url').toString()) || 0 : 0;
  const sorted = newestFirst(matches);
  const data = sorted.slice(offset, offset + limit);
  const hasMore = offset + limit < sorted.length;
  return {
    object: 'search_result',
    data,
    has_more: hasMore,
    url,
    next_page: hasMore ? Buffer.from(String(offset + limit)).toString('base64url') : null,
  };
}

/**
 * A small subset of Stripe's search query language: `field:'value'` clauses joined by AND/OR, with
 * `metadata['key']:'value'`, `-field:'x'` negation and `field>number` comparisons.
 */
export function compileSearch(query: string): (o: Obj) => boolean {
  const orParts = query.split(/\s+OR\s+/);
  const ors = orParts.map((part) =>
    part
      .split(/\s+AND\s+|\s+(?=[-\w]+(?:\[[^\]]+\])?[:<>])/)
      .filter(Boolean)
      .map(compileClause),
  );
  return (o) => ors.some((ands) => ands.every((c) => c(o)));
}

function compileClause(clause: string): (o: Obj) => boolean {
  const m = /^(-?)([a-z_.]+)(?:\['([^']+)'\]|\["([^"]+)"\])?\s*(:|>=|<=|>|<)\s*(?:'([^']*)'|"([^"]*)"|(\S+))$/.exec(
    clause.trim(),
  );
  if (!m) throw invalid(`Invalid search query: ${clause}`, 'query');
  const [, neg, field, mk1, mk2, op, v1, v2, v3] = m;
  const metaKey = mk1 ?? mk2;
  const value = v1 ?? v2 ?? v3 ?? '';
  const read = (o: Obj): unknown =>
    field === 'metadata' ? o.metadata?.[metaKey!] : field.split('.').reduce<any>((x, k) => x?.[k], o);
  const test = (o: Obj): boolean => {
    const actual = read(o);
    if (op === ':') {
      if (value.endsWith('*') || value === '')
        return (
          String(actual ?? '')
            .toLowerCase()
            .startsWith(value.replace(/\*$/, '').toLowerCase()) && actual != null
        );
      return String(actual ?? '').toLowerCase() === value.toLowerCase();
    }
    const a = Number(actual),
      b = Number(value);
    return op === '>' ? a > b : op === '<' ? a < b : op === '>=' ? a >= b : a <= b;
  };
  return neg ? (o) => !test(o) : test;
}
