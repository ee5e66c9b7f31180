/** Players found by what an operator types: id (`42`, `#42`), or a login, e-mail, contact or phone containing it. */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';

export const SEARCH_LIMIT = 50;

export interface TPlayerHit {
  id: number;
  login: string;
  email: string | null;
  phone: string | null;
  status: string;
  currency: string;
  createdAt: Date;
}

/** By id (a number, optionally `#12`), else login, e-mail or phone containing the text (case-insensitive). */
export const searchPlayers = async (db: TExecutor, query: string): Promise<TPlayerHit[]> => {
  const text = query.trim().slice(0, 100);
  if (!text) return [];
  const id = /^#?(\d{1,15})$/.exec(text)?.[1];
  const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = text.replace(/[^\d]/g, '');
  const result = await db.execute(
    sql`select distinct p.id, p.login, p.email, p.phone, p.status, p.currency, p.created_at
        from players p left join player_contacts c on c.player_id = p.id
        where ${id ? sql`p.id = ${Number(id)} or ` : sql``}
              p.login_key like ${like} or lower(coalesce(p.email, '')) like ${like}
              or lower(c.value) like ${like}
              ${digits.length >= 5 ? sql`or regexp_replace(coalesce(p.phone, ''), '\\D', '', 'g') like ${`%${digits}%`}` : sql``}
        order by p.id desc limit ${SEARCH_LIMIT}`,
  );
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    login: String(r.login),
    email: (r.email as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    status: String(r.status),
    currency: String(r.currency),
    createdAt: new Date(r.created_at as string | Date),
  }));
};
