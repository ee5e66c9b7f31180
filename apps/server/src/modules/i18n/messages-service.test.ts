import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { TDb } from '../../platform/db/database.ts';
import { localeMessages, namespacesJson, OVERRIDES_TTL_MS, parseNamespaces } from './messages-service.ts';
import { translationOverrides } from './schema.ts';

const CONTENT = fileURLToPath(new URL('../../../../../content/', import.meta.url));

/**
 * A database whose query here is the overrides of a locale. Any other table (a module's messages overlay, such
 * as the support FAQ, registered when an app of an earlier test file in this worker was built) is empty.
 */
const fakeDb = (rows: { key: string; value: string }[]) => {
  const where = vi.fn(async () => rows);
  const empty = () => Object.assign(Promise.resolve([]), { orderBy: async () => [] });
  const db = {
    select: () => ({ from: (table: unknown) => ({ where: table === translationOverrides ? where : empty }) }),
  } as unknown as TDb;
  return { db, where };
};

describe('the messages of a locale', () => {
  it('are built once and kept until the overrides may have changed', async () => {
    const { db, where } = fakeDb([{ key: 'header.login', value: 'Entrar' }]);
    const first = await localeMessages(db, CONTENT, 'es', 1_000);
    expect(first.messages.header).toMatchObject({ login: 'Entrar', register: 'Registrarse' });
    expect(first.namespaces).not.toContain('mail');
    expect(JSON.parse(first.json)).toEqual(first.messages);
    expect(await localeMessages(db, CONTENT, 'es', 1_000 + OVERRIDES_TTL_MS - 1)).toBe(first);
    expect(where).toHaveBeenCalledTimes(1);
    expect(await localeMessages(db, CONTENT, 'es', 1_000 + OVERRIDES_TTL_MS)).not.toBe(first);
    expect(where).toHaveBeenCalledTimes(2);
  });

  it('answers the namespaces asked for, known ones only, in the catalogue order', async () => {
    const { db } = fakeDb([]);
    const entry = await localeMessages(db, CONTENT, 'en', 5_000);
    expect(parseNamespaces('home, header,unknown', entry.namespaces)).toEqual(['header', 'home']);
    expect(parseNamespaces(undefined, entry.namespaces)).toBeUndefined();
    expect(parseNamespaces(['a'], entry.namespaces)).toBeUndefined();
    const json = namespacesJson(entry, ['header', 'home']);
    expect(Object.keys(JSON.parse(json))).toEqual(['header', 'home']);
    expect(namespacesJson(entry, ['header', 'home'])).toBe(json);
  });
});
