/** Site settings: the sections list, a section's form, saving it (checked, audited with before and after). */
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import {
  formFlag,
  formList,
  formString,
  parseForm,
  queryOf,
  recordAudit,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { settingEditTimes } from '../settings-edits.ts';
import { getSetting, updateSetting } from '../settings-service.ts';
import { chatFromForm } from './chat-form.ts';
import { testRedirect } from './redirect-tester.ts';
import { robotsFromForm } from './robots-form.ts';
import { seoFromForm } from './seo-form.ts';
import { settingsIndexBody, settingsSectionBody } from './settings-pages.ts';
import {
  checkSection,
  partOf,
  SETTINGS_SECTIONS,
  sectionById,
  type TSettingsSection,
} from './settings-sections.ts';

const ZJsonForm = z.object({ _form: formString(), json: formString() });
const ZRedirectsForm = z.object({ from_url: formList(), to_url: formList(), confirm_clear: formFlag() });
const formTrimmed = () => formString().transform((v) => v.trim());

/**
 * A `fields` section's form, drawn from its current part: a flag per boolean, a number (or the text as typed, which
 * the section's check refuses) per number, trimmed text per string; a plain form only posts its flags.
 */
const fieldsForm = (section: TSettingsSection, current: Record<string, unknown>) =>
  z.object(
    Object.fromEntries(
      Object.entries(current).flatMap(([key, value]): [string, z.ZodType][] => {
        if (typeof value === 'boolean') return [[key, formFlag()]];
        if (section.form !== 'fields') return [];
        if (typeof value === 'number')
          return [
            [key, formTrimmed().transform((text) => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text))],
          ];
        return typeof value === 'string' ? [[key, formTrimmed()]] : [];
      }),
    ),
  );

/** The section's new part as the form sent it; a JSON text that does not parse is a problem, not an error. */
const partFromForm = (
  section: TSettingsSection,
  current: unknown,
  body: unknown,
): { part: unknown; draft: string | null; problems: string[]; confirmClear?: number } => {
  const { _form: form, json: text } = parseForm(ZJsonForm, body);
  if (form === 'json' || section.form === 'json') {
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
  if (section.form === 'seo') return { ...seoFromForm(current, body), draft: null };
  if (section.form === 'chat') return { ...chatFromForm(current, body), draft: null };
  if (section.form === 'robots') return { ...robotsFromForm(current, body), draft: null };
  if (section.form === 'redirects') {
    const { from_url: from, to_url: to, confirm_clear: confirmed } = parseForm(ZRedirectsForm, body);
    const rows = from
      .map((f, i) => ({ from_url: f.trim(), to_url: (to[i] ?? '').trim() }))
      .filter((r) => r.from_url !== '' || r.to_url !== '');
    // Emptying every row removes every redirect: only when the operator says so (the page asks).
    const removed = Array.isArray(current) ? current.length : 0;
    const clearsAll = rows.length === 0 && removed > 0 && !confirmed;
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
  const next = current as Record<string, unknown>;
  return { part: { ...next, ...parseForm(fieldsForm(section, next), body) }, draft: null, problems: [] };
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
        asJson: parseForm(ZJsonForm, request.body)._form === 'json',
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
