import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuditFilterDto } from './audit-log.dto.js';

export interface AuditRow {
  id: string;
  at: Date;
  actor_kind: 'admin' | 'donor' | 'system';
  admin_id: string | null;
  admin_name: string | null;
  admin_email: string | null;
  donor_id: string | null;
  action: string;
  success: boolean | null;
  ip: string | null;
  user_agent: string | null;
  email_tried: string | null;
  details: Record<string, unknown>;
  repeats: number;
  last_at: Date | null;
}

/** The filters as SQL (parameters only; `action` ending in a dot matches the family: `admin.` is every admin.* action). */
function where(f: AuditFilterDto, timeZone: string, params: unknown[]): string {
  const parts: string[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${params.length}`));
  };
  if (f.adminId) add((n) => `l.admin_id = ${n}`, f.adminId);
  if (f.donorId) add((n) => `l.donor_id = ${n}`, f.donorId);
  if (f.action?.endsWith('.')) add((n) => `starts_with(l.action, ${n})`, f.action);
  else if (f.action) add((n) => `l.action = ${n}`, f.action);
  if (f.from || f.to) params.push(timeZone);
  const tz = `$${params.length}`;
  if (f.from) add((n) => `l.at >= (${n}::date)::timestamp AT TIME ZONE ${tz}`, f.from);
  if (f.to) add((n) => `l.at < (${n}::date + 1)::timestamp AT TIME ZONE ${tz}`, f.to);
  return parts.length ? parts.join(' AND ') : 'true';
}

const SELECT = `SELECT l.id::text AS id, l.at, l.actor_kind, l.admin_id, a.name AS admin_name, a.email::text AS admin_email, l.donor_id,
  l.action, l.success, l.ip, l.user_agent, l.email_tried, l.details, l.repeats, l.last_at
  FROM audit_log l LEFT JOIN admins a ON a.id = l.admin_id`;

/** Reads of `audit_log` (the table refuses UPDATE and DELETE; nothing here tries). Newest first, by id. */
@Injectable()
export class AuditLogRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** One page, plus one row to tell whether another page follows. */
  page(f: AuditFilterDto, timeZone: string, limit: number, offset: number): Promise<AuditRow[]> {
    const params: unknown[] = [];
    const w = where(f, timeZone, params);
    return this.ds.query(`${SELECT} WHERE ${w} ORDER BY l.id DESC LIMIT ${limit + 1} OFFSET ${offset}`, params);
  }

  /** Every matching entry, newest first, in batches (keyset on id, so each batch is one index range). */
  async *batches(f: AuditFilterDto, timeZone: string, size = 1000): AsyncGenerator<AuditRow[]> {
    let before: string | null = null;
    for (;;) {
      const params: unknown[] = [];
      const w = where(f, timeZone, params);
      params.push(before);
      const rows: AuditRow[] = await this.ds.query(
        `${SELECT} WHERE ${w} AND ($${params.length}::bigint IS NULL OR l.id < $${params.length}::bigint) ORDER BY l.id DESC LIMIT ${size}`,
        params,
      );
      if (rows.length) yield rows;
      if (rows.length < size) return;
      before = rows[rows.length - 1].id;
    }
  }

  async filters(): Promise<{ admins: Array<{ id: string; name: string; email: string }>; actions: string[] }> {
    const admins = await this.ds.query(`SELECT id, name, email::text AS email FROM admins ORDER BY name, email`);
    const actions = await this.ds.query(`SELECT DISTINCT action FROM audit_log ORDER BY action`);
    return { admins, actions: actions.map((r: { action: string }) => r.action) };
  }
}
