/**
 * The player CRM (issue 40): the list's filters, sorting, paging and count, the CSV export, saved segments, notes,
 * tags and risk flags (audited), a bulk tag and message on a segment, the round history support reads, and who
 * may do what.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeOperator, signInOperator } from '../backoffice/backoffice-test-helpers.ts';

let t: TTestApp;
type TClient = Awaited<ReturnType<typeof signInOperator>>;
let admin: TClient;
let support: TClient;
let auditor: TClient;
let marketing: TClient;
const ids: Record<string, number> = {};

/** A player made in SQL with what the list filters by (the CRM never writes these: their owners do). */
const player = async (login: string, values: { country: string; status?: string; registered: string }) => {
  const [row] = await queryRows<{ id: string }>(
    t.app.ctx.db,
    sql`insert into players (login, login_key, email, country_code, status, created_at)
        values (${login}, ${login}, ${`${login}@example.com`}, ${values.country}, ${values.status ?? 'active'},
                ${values.registered}::timestamptz) returning id`,
  );
  ids[login] = Number(row?.id);
  return ids[login] as number;
};
const pay = (
  playerId: number,
  type: 'deposit' | 'withdrawal',
  amount: number,
  at: string,
  status = 'success',
) =>
  t.app.ctx.db.execute(
    sql`insert into cashier_transactions (id, player_id, type, method, provider, amount, currency, status, created_at, updated_at)
        values (${`crm-${playerId}-${type}-${at}-${amount}`}, ${playerId}, ${type}, 'card', 'test', ${amount}, 'USD',
                ${status}, ${at}::timestamptz, ${at}::timestamptz)`,
  );

const rowsOf = (body: string) => [...body.matchAll(/<tr data-player="(\d+)"/g)].map((m) => Number(m[1]));
const loginsOf = (body: string) => {
  const byId = new Map(Object.entries(ids).map(([login, id]) => [id, login]));
  return rowsOf(body).map((id) => byId.get(id));
};

beforeAll(async () => {
  t = await createTestApp();
  // One at a time: each sign-in moves the clock a TOTP step.
  const signIn = async (role: 'admin' | 'support' | 'auditor' | 'marketing') =>
    signInOperator(t.app, t.clock, await makeOperator(t.app, role));
  admin = await signIn('admin');
  support = await signIn('support');
  auditor = await signIn('auditor');
  marketing = await signIn('marketing');
  const ann = await player('crm_ann', { country: 'IS', registered: '2026-01-10T10:00:00Z' });
  const bob = await player('crm_bob', { country: 'LI', registered: '2026-03-05T10:00:00Z' });
  const cyd = await player('crm_cyd', {
    country: 'IS',
    status: 'banned',
    registered: '2026-05-20T10:00:00Z',
  });
  const dee = await player('crm_dee', { country: 'AD', registered: '2026-07-01T10:00:00Z' });
  await pay(ann, 'deposit', 10_000, '2026-02-01T00:00:00Z');
  await pay(bob, 'deposit', 50_000, '2026-04-01T00:00:00Z');
  await pay(bob, 'withdrawal', 10_000, '2026-04-02T00:00:00Z');
  await pay(bob, 'deposit', 99_999, '2026-04-03T00:00:00Z', 'failed');
  await pay(cyd, 'deposit', 2_500, '2026-06-01T00:00:00Z');
  const db = t.app.ctx.db;
  await db.execute(
    sql`insert into kyc_applicants (player_id, provider, applicant_id, status) values (${bob}, 'test', 'crm-bob', 'verified')`,
  );
  // Bob in a time-out now (the tests' clock), Dee self-excluded with no end, Ann with a loss limit.
  await db.execute(sql`insert into rg_exclusions (player_id, type, period, starts_at, ends_at)
    values (${bob}, 'time_out', '24h', ${t.clock.now().toISOString()}::timestamptz - interval '1 hour',
            ${t.clock.now().toISOString()}::timestamptz + interval '23 hours'),
           (${dee}, 'self_exclusion', 'permanent', ${t.clock.now().toISOString()}::timestamptz - interval '1 day', null)`);
  await db.execute(
    sql`insert into rg_limits (player_id, kind, period_days, amount) values (${ann}, 'loss', 7, 5000)`,
  );
  // Sixty more players in one country, for the pages.
  await db.execute(sql`insert into players (login, login_key, country_code, created_at)
    select 'crm_many_' || n, 'crm_many_' || n, 'SM', '2026-08-01T00:00:00Z'::timestamptz + n * interval '1 minute'
      from generate_series(1, 60) n`);
}, 300_000);
afterAll(async () => {
  await t.close();
});

const FOUR = 'country=IS,LI,AD';

describe('the player list', () => {
  it('filters by status, country, registration and deposit dates, net deposits, KYC and responsible gaming', async () => {
    const cases: [string, string[]][] = [
      [FOUR, ['crm_dee', 'crm_cyd', 'crm_bob', 'crm_ann']],
      ['country=IS', ['crm_cyd', 'crm_ann']],
      [`${FOUR}&status=banned`, ['crm_cyd']],
      [`${FOUR}&reg_from=2026-03-01&reg_to=2026-05-20`, ['crm_cyd', 'crm_bob']],
      [`${FOUR}&dep_from=2026-02-01&dep_to=2026-04-30`, ['crm_bob', 'crm_ann']],
      [`${FOUR}&net_min=100.00`, ['crm_bob', 'crm_ann']],
      [`${FOUR}&net_min=25&net_max=100`, ['crm_cyd', 'crm_ann']],
      [`${FOUR}&kyc=verified`, ['crm_bob']],
      [`${FOUR}&kyc=none`, ['crm_dee', 'crm_cyd', 'crm_ann']],
      [`${FOUR}&rg=time_out`, ['crm_bob']],
      [`${FOUR}&rg=self_exclusion`, ['crm_dee']],
      [`${FOUR}&rg=limits`, ['crm_ann']],
      [`${FOUR}&rg=none`, ['crm_cyd']],
      ['q=crm_bo', ['crm_bob']],
    ];
    for (const [query, expected] of cases) {
      const page = await admin.get(`/admin/players?${query}`);
      expect(page.statusCode, query).toBe(200);
      expect(loginsOf(page.body), query).toEqual(expected);
      expect(page.body, query).toContain(`${expected.length} player`);
    }
    // Net deposits count paid money only: Bob's failed 999.99 is not in his 400.00.
    const bob = await admin.get(`/admin/players?q=crm_bob`);
    expect(bob.body).toContain('$400.00');
    expect(bob.body).toContain('Time-out until');
    // A malformed value is left out and said, never an error.
    const bad = await admin.get(`/admin/players?${FOUR}&reg_from=2026-13-45&net_min=lots`);
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain('Left out (not a valid value): reg_from, net_min');
    expect(rowsOf(bad.body)).toHaveLength(4);
  });

  it('sorts by net deposits, login and registration, both ways', async () => {
    const order = async (query: string) =>
      loginsOf((await admin.get(`/admin/players?${FOUR}&${query}`)).body);
    expect(await order('sort=net&dir=desc')).toEqual(['crm_bob', 'crm_ann', 'crm_cyd', 'crm_dee']);
    expect(await order('sort=net&dir=asc')).toEqual(['crm_dee', 'crm_cyd', 'crm_ann', 'crm_bob']);
    expect(await order('sort=login&dir=asc')).toEqual(['crm_ann', 'crm_bob', 'crm_cyd', 'crm_dee']);
    expect(await order('sort=registered&dir=desc')).toEqual(['crm_dee', 'crm_cyd', 'crm_bob', 'crm_ann']);
    expect(await order('sort=last_deposit&dir=desc')).toEqual(['crm_cyd', 'crm_bob', 'crm_ann', 'crm_dee']);
  });

  it('pages fifty at a time with the count of all', async () => {
    const first = await admin.get('/admin/players?country=SM&sort=login&dir=asc');
    expect(first.body).toContain('60 players');
    expect(first.body).toContain('Page 1 of 2');
    expect(rowsOf(first.body)).toHaveLength(50);
    const second = await admin.get('/admin/players?country=SM&sort=login&dir=asc&page=1');
    expect(rowsOf(second.body)).toHaveLength(10);
    expect(new Set([...rowsOf(first.body), ...rowsOf(second.body)]).size).toBe(60);
  });

  it('follows a refunded deposit out of the net deposits and the last deposit', async () => {
    const dee = ids.crm_dee as number;
    await pay(dee, 'deposit', 7_000, '2026-09-01T00:00:00Z');
    await pay(dee, 'deposit', 3_000, '2026-09-05T00:00:00Z');
    const before = await admin.get('/admin/players?q=crm_dee');
    expect(before.body).toContain('$100.00');
    expect(before.body).toContain('2026-09-05 00:00 UTC');
    await t.app.ctx.db.execute(
      sql`update cashier_transactions set status = 'refunded' where player_id = ${dee} and amount = 3000`,
    );
    const after = await admin.get('/admin/players?q=crm_dee');
    expect(after.body).toContain('$70.00');
    expect(after.body).toContain('2026-09-01 00:00 UTC');
    await t.app.ctx.db.execute(
      sql`update cashier_transactions set status = 'failed' where player_id = ${dee}`,
    );
    expect((await admin.get('/admin/players?q=crm_dee')).body).toContain('in $0.00 · out $0.00');
  });

  it('exports what the filter finds as CSV, with money as decimals', async () => {
    const csv = await admin.get(`/admin/players/export.csv?${FOUR}&net_min=1`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="players-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,login,email,status,country,currency,registered_at,deposits,withdrawals,net_deposits,last_deposit_at,kyc,level,responsible_gaming,tags,risk_flags',
    );
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['crm_ann', 'crm_bob', 'crm_cyd']);
    expect(lines[2]).toContain(',500.00,100.00,400.00,2026-04-01T00:00:00.000Z,verified,');
    expect(lines[2]).toContain('time_out until');
    const log = await admin.get('/admin/audit?action=players.export');
    expect(log.body).toContain('net_min=1');
  });
});

describe('segments', () => {
  it('saves a filter as a segment, own or shared, and deletes it', async () => {
    const saved = await admin.post('/admin/players/segments', {
      segment_name: 'Iceland payers',
      country: 'IS',
      net_min: '1',
    });
    expect(saved.headers.location).toMatch(
      /^\/admin\/players\?country=IS&net_min=1&segment=\d+&ok=segment_saved$/,
    );
    const page = await admin.get(String(saved.headers.location));
    expect(page.body).toContain('Iceland payers');
    expect(loginsOf(page.body)).toEqual(['crm_cyd', 'crm_ann']);
    // Own: another operator does not see it; shared: they do.
    expect((await support.get('/admin/players')).body).not.toContain('Iceland payers');
    await admin.post('/admin/players/segments', {
      segment_name: 'Shared bans',
      status: 'banned',
      shared: '1',
    });
    expect((await support.get('/admin/players')).body).toContain('Shared bans');
    const same = await admin.post('/admin/players/segments', {
      segment_name: 'iceland PAYERS',
      country: 'IS',
    });
    expect(same.headers.location).toContain('error=segment_name_taken');
    const empty = await admin.post('/admin/players/segments', { segment_name: 'Everyone' });
    expect(empty.headers.location).toContain('error=filter_requiredField');
    const id = /segment=(\d+)/.exec(String(saved.headers.location))?.[1];
    const gone = await admin.post(`/admin/players/segments/${id}/delete`);
    expect(gone.headers.location).toBe('/admin/players?ok=segment_deleted');
    expect((await admin.get('/admin/players')).body).not.toContain('Iceland payers');
    const log = await admin.get('/admin/audit?action=segment.');
    expect(log.body).toContain('segment.create');
    expect(log.body).toContain('segment.delete');
  });
});

describe('notes, tags and risk flags', () => {
  it('adds a note, a tag and a flag to a player, audited; the list filters by them', async () => {
    const ann = ids.crm_ann as number;
    expect(
      (await support.post(`/admin/players/${ann}/notes`, { note: 'Called about a late withdrawal.' })).headers
        .location,
    ).toBe(`/admin/players/${ann}?ok=note_added`);
    expect(
      (await support.post(`/admin/players/${ann}/tags`, { tag: ' High Roller ' })).headers.location,
    ).toBe(`/admin/players/${ann}?ok=tagged`);
    expect((await support.post(`/admin/players/${ann}/tags`, { tag: 'no good!' })).headers.location).toBe(
      `/admin/players/${ann}?error=tag_wrongField`,
    );
    expect(
      (
        await support.post(`/admin/players/${ann}/flags`, {
          flag: 'chargeback',
          reason: 'Bank recall 12 Nov',
        })
      ).headers.location,
    ).toBe(`/admin/players/${ann}?ok=flagged`);
    expect(
      (await support.post(`/admin/players/${ann}/flags`, { flag: 'nonsense', reason: 'xyz' })).headers
        .location,
    ).toBe(`/admin/players/${ann}?error=flag_wrongField`);
    const page = await support.get(`/admin/players/${ann}`);
    expect(page.body).toContain('Called about a late withdrawal.');
    expect(page.body).toContain('data-tag="high-roller"');
    expect(page.body).toContain('Bank recall 12 Nov');
    expect(loginsOf((await admin.get('/admin/players?tag=high-roller')).body)).toEqual(['crm_ann']);
    expect(loginsOf((await admin.get('/admin/players?flag=chargeback')).body)).toEqual(['crm_ann']);
    // Cleared with a reason; removed tag.
    await support.post(`/admin/players/${ann}/flags/clear`, {
      flag: 'chargeback',
      reason: 'Recall withdrawn',
    });
    await support.post(`/admin/players/${ann}/tags/remove`, { tag: 'high-roller' });
    expect(rowsOf((await admin.get('/admin/players?flag=chargeback')).body)).toEqual([]);
    const log = await admin.get(`/admin/audit?target_type=player&target_id=${ann}`);
    for (const action of ['player.note', 'player.tag', 'player.untag', 'player.flag', 'player.unflag'])
      expect(log.body, action).toContain(action);
    expect(log.body).toContain('Recall withdrawn');
  });

  it('tags every player of a segment at once, and messages those who may get marketing', async () => {
    const tagged = await support.post('/admin/players/bulk/tag', { country: 'SM', add_tag: 'summer-list' });
    expect(tagged.headers.location).toBe('/admin/players?country=SM&ok=bulk_tagged');
    const list = (await admin.get('/admin/players?tag=summer-list')).body;
    expect(list).toContain('60 players');
    expect(list).toContain('Bulk actions on these 60 players');
    // One player is "this player" (the plural rule), never "these 1 players".
    const one = (await admin.get('/admin/players?q=crm_ann')).body;
    expect(one).toContain('<h2 id="results-title">1 player');
    expect(one).toContain('Bulk actions on this player');
    expect(one).toContain('Tag this player');
    expect(one).not.toMatch(/these 1 players|1 players/);
    const log = await admin.get('/admin/audit?action=player.tag&target_type=segment');
    expect(log.body).toContain('players: 60');
    // A segment filtered by a tag keeps its filter when it is given another.
    const again = await support.post('/admin/players/bulk/tag', {
      tag: 'summer-list',
      add_tag: 'summer-two',
    });
    expect(again.headers.location).toBe('/admin/players?tag=summer-list&ok=bulk_tagged');
    expect((await admin.get('/admin/players?tag=summer-two')).body).toContain('60 players');
    const everyone = await support.post('/admin/players/bulk/tag', { add_tag: 'all' });
    expect(everyone.headers.location).toContain('error=filter_requiredField');
    const sent = await support.post('/admin/players/bulk/message', {
      country: 'SM',
      channel: 'email',
      subject: 'Hello',
      message: 'News for you',
    });
    expect(sent.headers.location).toBe('/admin/players?country=SM&ok=bulk_messaged');
    // None of them has a confirmed e-mail: the message goes to nobody, and the audit says so.
    const messaged = await admin.get('/admin/audit?action=segment.message');
    expect(messaged.body).toContain('players: 60');
    expect(messaged.body).toContain('sent: 0');
  });
});

describe('a bonus to a segment', () => {
  it('confirms first, grants within the limit once, and over it asks a second operator for each grant', async () => {
    const db = t.app.ctx.db;
    const [template] = await queryRows<{ sysname: string }>(
      db,
      sql`select sysname from bonus_templates where is_active order by id limit 1`,
    );
    await db.execute(sql`insert into players (login, login_key, country_code, created_at)
      select 'crm_bonus_' || n, 'crm_bonus_' || n, 'VA', '2026-10-01T00:00:00Z' from generate_series(1, 3) n`);
    const form = {
      country: 'VA',
      bonus_template: String(template?.sysname),
      amount: '10.00',
      reason: 'Segment goodwill',
    };
    const bonuses = async () =>
      Number(
        (
          await queryRows<{ n: string }>(
            db,
            sql`select count(*)::text as n from player_bonuses b join players p on p.id = b.player_id
                 where p.country_code = 'VA'`,
          )
        )[0]?.n,
      );
    // The first post only shows what would happen; nothing is granted.
    const confirm = await support.post('/admin/players/bulk/bonus', form);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('to 3 players');
    expect(confirm.body).toContain('<strong>30.00</strong>');
    expect(confirm.body).toContain('Bonus grants: 100.00');
    expect(await bonuses()).toBe(0);
    const key = /name="key" value="([^"]+)"/.exec(confirm.body)?.[1] ?? '';
    const granted = await support.post('/admin/players/bulk/bonus', { ...form, key, confirmed: '1' });
    expect(granted.headers.location).toBe('/admin/players?country=VA&ok=bulk_bonus');
    expect(await bonuses()).toBe(3);
    // The same confirmation posted twice grants once.
    await support.post('/admin/players/bulk/bonus', { ...form, key, confirmed: '1' });
    expect(await bonuses()).toBe(3);
    // Over the support role's limit (100.00 in all): three approvals wait, nothing is granted.
    const over = { ...form, amount: '50.00' };
    const asked = await support.post('/admin/players/bulk/bonus', over);
    expect(asked.body).toContain('data-needs-approval');
    const overKey = /name="key" value="([^"]+)"/.exec(asked.body)?.[1] ?? '';
    const requested = await support.post('/admin/players/bulk/bonus', {
      ...over,
      key: overKey,
      confirmed: '1',
    });
    expect(requested.headers.location).toBe('/admin/players?country=VA&ok=bulk_bonus_requested');
    expect(await bonuses()).toBe(3);
    const waiting = await queryRows<{ amount: string }>(
      db,
      sql`select amount::text from operator_approvals a join players p on p.id = a.player_id
           where p.country_code = 'VA' and a.status = 'pending'`,
    );
    expect(waiting.map((w) => w.amount)).toEqual(['5000', '5000', '5000']);
    const log = await admin.get('/admin/audit?action=segment.bonus');
    expect(log.body).toContain('segment.bonus_requested');
    expect(log.body).toContain('total: 30.00');
    // The auditor may not grant.
    expect((await auditor.post('/admin/players/bulk/bonus', form)).statusCode).toBe(403);
  });
});

describe('game rounds and permissions', () => {
  it('shows support a player’s rounds with game names, stakes, wins and status', async () => {
    const [game] = await queryRows<{ sysname: string; name: string }>(
      t.app.ctx.db,
      sql`select sysname, name from games order by sysname limit 1`,
    );
    const bob = ids.crm_bob as number;
    await t.app.ctx.db.execute(sql`insert into game_rounds (provider, round_id, player_id, game, mode, bet_total, win_total, status, created_at, updated_at)
      values ('test', 'round-crm-1', ${bob}, ${game?.sysname}, 'real', 250, 1000, 'closed', now(), now()),
             ('test', 'round-crm-2', ${bob}, ${game?.sysname}, 'real', 500, 0, 'rolled_back', now(), now())`);
    const page = await support.get(`/admin/players/${bob}/rounds`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(String(game?.name));
    expect(page.body).toContain('round-crm-1');
    expect(page.body).toContain('$2.50');
    expect(page.body).toContain('$10.00');
    expect(page.body).toContain('+$7.50');
    expect(page.body).toContain('rolled back');
    const closed = await support.get(`/admin/players/${bob}/rounds?status=closed`);
    expect(closed.body).not.toContain('round-crm-2');
    expect((await support.get(`/admin/players/${bob}`)).body).toContain(
      `href="/admin/players/${bob}/rounds"`,
    );
    expect((await support.get('/admin/players/99999999/rounds')).statusCode).toBe(404);
  });

  it('lets each role do only its part', async () => {
    const ann = ids.crm_ann as number;
    expect((await marketing.get('/admin/players')).statusCode).toBe(403);
    expect((await support.get('/admin/players/export.csv')).statusCode).toBe(403);
    expect((await auditor.get(`/admin/players/export.csv?${FOUR}`)).statusCode).toBe(200);
    expect((await auditor.get(`/admin/players/${ann}/rounds`)).statusCode).toBe(200);
    expect((await auditor.post(`/admin/players/${ann}/notes`, { note: 'x' })).statusCode).toBe(403);
    expect((await auditor.post('/admin/players/bulk/tag', { country: 'SM', add_tag: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await auditor.post('/admin/players/segments', { segment_name: 'x', country: 'SM' })).statusCode,
    ).toBe(403);
    expect((await marketing.get(`/admin/players/${ann}/rounds`)).statusCode).toBe(403);
    // The auditor sees the panel without its forms; the list without save or bulk actions.
    const page = await auditor.get(`/admin/players/${ann}`);
    expect(page.body).toContain('Notes, tags and risk flags');
    expect(page.body).not.toContain(`action="/admin/players/${ann}/notes"`);
    expect((await auditor.get('/admin/players?country=SM')).body).not.toContain('Save segment');
  });
});
