/**
 * Settings › Chat as a form (issue 40, ADR 066): which provider is live (or none), and each provider's settings as
 * fields — text trimmed (a script address must be https), numbers whole — checked by zod before the chat contract
 * checks the whole setting.
 */
import { CHAT_PROVIDERS } from '@casino/contracts/chat-providers';
import { z } from 'zod';
import { formString, html } from '../../backoffice/index.ts';

type TRecord = Record<string, unknown>;
const asRecord = (v: unknown): TRecord =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as TRecord) : {};

const fieldName = (provider: string, key: string) => `${provider}__${key}`;

/** The chat setting the form describes (the providers and keys of `current`), or the problems found. */
export const chatFromForm = (current: unknown, body: unknown): { part: unknown; problems: string[] } => {
  const stored = asRecord(current);
  const settings = asRecord(stored.settings);
  const shape: Record<string, z.ZodType> = {
    chat: formString().pipe(z.enum(['', ...CHAT_PROVIDERS], { message: 'choose a provider or none' })),
  };
  for (const [provider, values] of Object.entries(settings))
    for (const [key, value] of Object.entries(asRecord(values))) {
      const name = fieldName(provider, key);
      shape[name] =
        typeof value === 'number'
          ? formString().pipe(
              z
                .string()
                .trim()
                .regex(/^\d{1,9}$/, 'enter a whole number')
                .transform(Number),
            )
          : /url|src/i.test(key)
            ? formString().pipe(
                z
                  .string()
                  .trim()
                  .regex(/^(https:\/\/[^\s"'<>]+)?$/i, 'an https address'),
              )
            : formString().pipe(z.string().trim().max(200, '200 characters at most'));
    }
  const parsed = z.object(shape).safeParse(body);
  if (!parsed.success)
    return {
      part: current,
      problems: parsed.error.issues.map(
        (issue) => `${String(issue.path[0] ?? '').replace('__', ' › ')}: ${issue.message}`,
      ),
    };
  const form = parsed.data as Record<string, unknown>;
  const next: Record<string, TRecord> = {};
  for (const [provider, values] of Object.entries(settings))
    next[provider] = Object.fromEntries(
      Object.keys(asRecord(values)).map((key) => [key, form[fieldName(provider, key)]]),
    );
  const chat = String(form.chat);
  const problems =
    chat && !(chat in next) ? [`chat: ${chat} has no settings here (add them as JSON first)`] : [];
  return { part: { ...stored, chat, settings: next }, problems };
};

export const chatFormBody = (part: unknown, disabled: boolean) => {
  const stored = asRecord(part);
  const settings = asRecord(stored.settings);
  const off = disabled ? html`disabled` : '';
  return html`<div class="field"><label for="chat-provider">Live chat</label>
<select id="chat-provider" name="chat" ${off}><option value="" ${stored.chat ? '' : html`selected`}>none</option>${Object.keys(
    settings,
  ).map(
    (p) => html`<option value="${p}" ${stored.chat === p ? html`selected` : ''}>${p}</option>`,
  )}</select></div>
${Object.entries(settings).map(
  ([provider, values]) =>
    html`<fieldset class="field"><legend>${provider}${stored.chat === provider ? ' (live)' : ''}</legend><div class="form-grid">${Object.entries(
      asRecord(values),
    ).map(
      ([key, value]) =>
        html`<div class="field"><label for="chat-${provider}-${key}">${key}</label><input id="chat-${provider}-${key}" name="${fieldName(provider, key)}" value="${String(value ?? '')}" ${typeof value === 'number' ? html`inputmode="numeric"` : ''} ${off}></div>`,
    )}</div></fieldset>`,
)}`;
};
