/**
 * Spec §8 UserNeedProfileDataException before a deposit (issue 41): the operator's `profileBeforeDeposit` rule of
 * the registration config — never by default, before the first deposit, or before every deposit — refuses a
 * deposit while a required personal field of the player's country is empty, and names the fields.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { queryRows } from '../ledger/sql.ts';
import { getSetting, updateSetting } from '../metadata/settings-service.ts';
import { payByCard } from './cashier-test-helpers.ts';
import { missingProfileFields } from './deposit-profile.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const withRule = async (rule: string | undefined, run: () => Promise<void>) => {
  const db = t.app.ctx.db;
  const before = (await getSetting(db, 'registration-config')) as Record<string, unknown>;
  const { profileBeforeDeposit: _, ...rest } = before;
  await updateSetting(
    db,
    'registration-config',
    rule === undefined ? rest : { ...rest, profileBeforeDeposit: rule },
    t.clock.now(),
  );
  try {
    await run();
  } finally {
    await updateSetting(db, 'registration-config', before, t.clock.now());
  }
};

const FULL_DE = {
  first_name: 'Jana',
  last_name: 'Schmidt',
  birth_date: '1990-05-12',
  home_town: 'Berlin',
  address: 'Hauptstrasse 1',
  postcode: '10115',
};

const deposit = (client: Awaited<ReturnType<typeof signedInClient>>['client']) =>
  client.post('cashier.makedeposit', { method: 'card', amount: '50' });

const fillProfile = (playerId: number) =>
  t.app.ctx.db.execute(
    sql`update players set country_code = 'DE', profile = ${JSON.stringify(FULL_DE)}::jsonb where id = ${playerId}`,
  );

describe('a deposit and the profile (UserNeedProfileDataException)', () => {
  it('names the required personal fields of the country that are empty', () => {
    expect(
      missingProfileFields({ countryCode: 'DE', profile: { first_name: 'Jana', last_name: ' ' } }),
    ).toEqual(['last_name', 'birth_date', 'home_town', 'address', 'postcode']);
    expect(missingProfileFields({ countryCode: null, profile: {} })).toContain('country_code');
    expect(missingProfileFields({ countryCode: 'DE', profile: FULL_DE })).toEqual([]);
  });

  it('by default (no rule set) a player with an empty profile may deposit', async () => {
    await withRule(undefined, async () => {
      const { client } = await signedInClient(t.app);
      const r = await deposit(client);
      expect(r.error).toBeNull();
    });
  });

  it("'first': the first deposit is refused until the profile is complete, and names what is missing", async () => {
    await withRule('first', async () => {
      const { client, player } = await signedInClient(t.app);
      const refused = await deposit(client);
      expect(refused.error?.type).toBe('UserNeedProfileDataException');
      expect(refused.error?.error_data).toMatchObject({
        toast_type: 'fill_for_deposit',
        fields: expect.arrayContaining(['first_name', 'last_name', 'birth_date']),
      });
      const [row] = await queryRows<{ n: number }>(
        t.app.ctx.db,
        sql`select count(*)::int as n from cashier_transactions where player_id = ${player.id}`,
      );
      expect(Number(row?.n)).toBe(0);

      await fillProfile(player.id);
      const made = await deposit(client);
      expect(made.error).toBeNull();
      expect(await payByCard(t.app, made.data.redirect_url)).toMatch(/^\/cashier\/paysuccess\//);

      // After a first deposit the rule is met even if the profile loses a field.
      await t.app.ctx.db.execute(
        sql`update players set profile = profile - 'address' where id = ${player.id}`,
      );
      expect((await deposit(client)).error).toBeNull();
    });
  });

  it("'always': every deposit needs the complete profile", async () => {
    await withRule('always', async () => {
      const { client, player } = await signedInClient(t.app);
      await fillProfile(player.id);
      const made = await deposit(client);
      expect(await payByCard(t.app, made.data.redirect_url)).toMatch(/^\/cashier\/paysuccess\//);
      await t.app.ctx.db.execute(
        sql`update players set profile = profile - 'address' where id = ${player.id}`,
      );
      const refused = await deposit(client);
      expect(refused.error?.type).toBe('UserNeedProfileDataException');
      expect(refused.error?.error_data).toMatchObject({ fields: ['address'] });
    });
  });

  it('the back office refuses a rule it does not know', async () => {
    await expect(
      withRule('sometimes', async () => {
        throw new Error('stored a rule it should refuse');
      }),
    ).rejects.toThrow();
  });
});
