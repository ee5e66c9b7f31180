/** Site settings: the sections list, a section's form, saving it (checked, audited with before and after). */
import { isDeepStrictEqual } from 'node:util';
import { recordAudit } from '../../backoffice/audit-log.ts';
import { field, fields, queryOf, type TRouteArea } from '../../backoffice/route-kit.ts';
import { settingEditTimes } from '../settings-edits.ts';
import { getSetting, updateSetting } from '../settings-service.ts';
import { testRedirect } from './redirect-tester.ts';
import { settingsIndexBody, settingsSectionBody } from './settings-pages.ts';
import {
  checkSection,
  partOf,
  SETTINGS_SECTIONS,
  sectionById,
  type TSettingsSection,
} from './settings-sections.ts';

/** The section's new part as the form sent it; a JSON text that does not parse is a problem, not an error. */
const partFromForm = (
  section: TSettingsSection,
  current: unknown,
  body: unknown,
): { part: unknown; draft: string | null; problems: string[]; confirmClear?: number } => {
  const form = field(body, '_form');
  if (form === 'json' || section.form === 'json') {
    const text = field(body, 'json');
    try {
      return { part: JSON.parse(text), draft: text, problems: [] };
    } catch (error) {
      return {
        part: current,
        draft: text,
        problems: [`The JSON does not parse: ${(error as Error).message}`],
      };
    }
  }
  if (section.form === 'redirects') {
    const from = fields(body, 'from_url');
    const to = fields(body, 'to_url');
    const rows = from
      .map((f, i) => ({ from_url: f.trim(), to_url: (to[i] ?? '').trim() }))
      .filter((r) => r.from_url !== '' || r.to_url !== '');
    // Emptying every row removes every redirect: only when the operator says so (the page asks).
    const removed = Array.isArray(current) ? current.length : 0;
    const clearsAll = rows.length === 0 && removed > 0 && field(body, 'confirm_clear') !== '1';
    return {
      part: rows,
      draft: null,
      problems: clearsAll
        ? [
            `This removes every redirect (${removed === 1 ? 'the only one' : `all ${removed}`}). Tick “Remove every redirect” and save again, or reload the page to keep them.`,
          ]
        : [],
      ...(clearsAll ? { confirmClear: removed } : {}),
    };
  }
  const next: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const [key, value] of Object.entries(next)) {
    if (typeof value === 'boolean') next[key] = field(body, key) === '1';
    else if (section.form === 'fields' && typeof value === 'number') {
      const text = field(body, key).trim();
      next[key] = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    } else if (section.form === 'fields' && typeof value === 'string') next[key] = field(body, key).trim();
  }
  return { part: next, draft: null, problems: [] };
};

export const settingsArea: TRouteArea = (admin, kit, ctx) => {
  admin.get('/settings', async (request, reply) => {
    await kit.need(request, 'settings.read');
    const edited = await settingEditTimes(ctx.db);
    const allowed = kit.allowed(request);
    return kit.render(
      request,
      reply,
      'Site settings',
      'settings',
      settingsIndexBody({
        sections: SETTINGS_SECTIONS.map((s) => ({
          ...s,
          canEdit: allowed(s.permission),
          editedAt: edited.get(s.key) ?? null,
        })),
      }),
    );
  });

  admin.get('/settings/:id', async (request, reply) => {
    await kit.need(request, 'settings.read');
    const section = sectionById((request.params as { id: string }).id);
    if (!section) return reply.callNotFound();
    const stored = await getSetting(ctx.db, section.key);
    const q = queryOf(request);
    const path = (q.test ?? '').trim().slice(0, 500);
    return kit.render(
      request,
      reply,
      section.title,
      'settings',
      settingsSectionBody({
        section,
        part: partOf(stored, section.path),
        problems: [],
        canEdit: kit.allowed(request)(section.permission),
        csrf: kit.csrfOf(request),
        asJson: q.as === 'json',
        test:
          section.id === 'redirects' && path
            ? { path, result: testRedirect(path, stored as { from_url: string; to_url: string }[]) }
            : null,
      }),
    );
  });

  admin.post('/settings/:id', async (request, reply) => {
    const section = sectionById((request.params as { id: string }).id);
    if (!section) return reply.callNotFound();
    await kit.need(request, section.permission);
    const stored = await getSetting(ctx.db, section.key);
    const before = partOf(stored, section.path);
    const sent = partFromForm(section, before, request.body);
    const checked = sent.problems.length
      ? { ok: false as const, problems: sent.problems }
      : checkSection(section, stored, sent.part);
    if (!checked.ok) {
      const page = settingsSectionBody({
        section,
        part: sent.part,
        draft: sent.draft,
        problems: checked.problems,
        canEdit: true,
        csrf: kit.csrfOf(request),
        asJson: field(request.body, '_form') === 'json',
        confirmClear: sent.confirmClear ?? null,
      });
      return kit.render(request, reply, section.title, 'settings', page, 422);
    }
    const now = ctx.providers.clock.now();
    // Compared as values, not as JSON text: jsonb keeps object keys in its own order.
    if (!isDeepStrictEqual(before, sent.part)) {
      await updateSetting(ctx.db, section.key, checked.value, now);
      await recordAudit(ctx.db, kit.actorOf(request), {
        action: 'settings.update',
        target: { type: 'setting', id: section.id },
        before: { value: before },
        after: { value: sent.part },
        at: now,
      });
    }
    return reply.redirect(`/admin/settings/${section.id}?ok=saved`, 303);
  });
};
