/**
 * The site settings an operator edits, as sections of the settings content/ seeds (modules/metadata): which setting
 * and which part of it, the form that edits it, and who may. A change is checked against the setting's contract
 * as a whole before it is stored.
 */
import type { z } from 'zod';
import type { TPermission } from '../../backoffice/index.ts';
import type { TSettingKey } from '../content-files.ts';
import { SETTING_SCHEMAS } from '../validate-content.ts';

export type TSettingsForm = 'flags' | 'fields' | 'json' | 'redirects' | 'seo' | 'chat' | 'robots';

export interface TSettingsSection {
  id: string;
  title: string;
  help: string;
  key: TSettingKey;
  /** The part of the setting's value this section edits ([] for all of it). */
  path: string[];
  form: TSettingsForm;
  permission: Extract<TPermission, 'settings.edit' | 'marketing.edit'>;
}

export const SETTINGS_SECTIONS: TSettingsSection[] = [
  {
    id: 'features',
    title: 'Feature flags',
    help: 'Spec §3 site config flags: what the site shows and allows.',
    key: 'site-config',
    path: ['features'],
    form: 'flags',
    permission: 'settings.edit',
  },
  {
    id: 'loader',
    title: 'Loader',
    help: 'Spec §3 loader: the logo the page and game loaders show (a path on this site or an https address; empty: a spinner only), its alternative text, and whether they show a percentage.',
    key: 'site-config',
    path: ['loader'],
    form: 'fields',
    permission: 'settings.edit',
  },
  {
    id: 'popup',
    title: 'Sign-in popup',
    help: 'Spec §3 popup fallback: off, the site’s sign-in and sign-up buttons open their pages instead of the popup.',
    key: 'site-config',
    path: ['popupFallback'],
    form: 'fields',
    permission: 'settings.edit',
  },
  {
    id: 'balance',
    title: 'Balance refresh',
    help: 'How often the site asks for the balance, and when it stops asking.',
    key: 'site-config',
    path: ['settingsForUpdBalance'],
    form: 'fields',
    permission: 'settings.edit',
  },
  {
    id: 'loyalty',
    title: 'Loyalty',
    help: 'Spec §3 loyalty config: coin icon, where characters show, tutorial link, notification duration and sound. The on/off switches are the feature flags.',
    key: 'site-config',
    path: ['loyalty'],
    form: 'json',
    permission: 'settings.edit',
  },
  {
    id: 'validators',
    title: 'Validators',
    help: 'Spec §3 validator config: the rules of the site’s fields and their params. The password’s min may be raised from 6 up to 20 (a lower value keeps 6), the nickname’s (fakename) min from 4 up to 32; postcode regex is the default for countries without their own; birth_date minAge makes the registration config’s minimum age stricter (never looser) and minYear is the earliest year taken; code length (6 to 10) is the length of the confirmation codes mailed and texted; amount min and max (major units) narrow every payment method’s limits. The site and the server hold every form to them.',
    key: 'site-config',
    path: ['validatorConfig'],
    form: 'json',
    permission: 'settings.edit',
  },
  {
    id: 'general',
    title: 'General info',
    help: 'Forced logout, inactivity times (seconds), bonus isolation, game history export, currencies.',
    key: 'general-info',
    path: [],
    form: 'fields',
    permission: 'settings.edit',
  },
  {
    id: 'registration',
    title: 'Registration',
    help: 'Registration methods, fields, currency conditions, the terms and minimum age, when a deposit needs a complete profile (profileBeforeDeposit: never, first or always) and the form config with its validation dictionaries.',
    key: 'registration-config',
    path: [],
    form: 'json',
    permission: 'settings.edit',
  },
  {
    id: 'chat',
    title: 'Chat',
    help: 'The live chat provider (or none) and each provider’s settings.',
    key: 'chat',
    path: [],
    form: 'chat',
    permission: 'settings.edit',
  },
  {
    id: 'analytics',
    title: 'Analytics ids',
    help: 'Tag manager, tag, web analytics and metrics ids (their hosts join the pages’ CSP).',
    key: 'site-config',
    path: ['analytics'],
    form: 'fields',
    permission: 'marketing.edit',
  },
  {
    id: 'runtime',
    title: 'Runtime config',
    help: 'The public runtime config the site’s scripts read (customer data platform, performance monitoring).',
    key: 'site-config',
    path: ['publicRuntimeConfig'],
    form: 'json',
    permission: 'settings.edit',
  },
  {
    id: 'redirects',
    title: 'Redirects',
    help: '“*” matches the rest of a path and may be reused in the target; an absolute target leaves the site.',
    key: 'redirects',
    path: [],
    form: 'redirects',
    permission: 'marketing.edit',
  },
  {
    id: 'seo',
    title: 'SEO',
    help: 'Default title and description, canonical URL, organisation, product, meta tags, favicons, FAQ, breadcrumbs and per-domain overrides. Every page carries them within 10 seconds.',
    key: 'seo',
    path: [],
    form: 'seo',
    permission: 'marketing.edit',
  },
  {
    id: 'robots',
    title: 'Robots',
    help: 'The robots meta tag, the robots.txt rules and the sitemap path.',
    key: 'seo',
    path: ['robots'],
    form: 'robots',
    permission: 'marketing.edit',
  },
  {
    id: 'custom-code',
    title: 'Custom code',
    help: 'Snippets placed in head, at the start or the end of body; only enabled ones are served.',
    key: 'custom-code',
    path: [],
    form: 'json',
    permission: 'settings.edit',
  },
];

export const sectionById = (id: string) => SETTINGS_SECTIONS.find((s) => s.id === id);

export const partOf = (value: unknown, path: string[]): unknown =>
  path.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value);

export const withPart = (value: unknown, path: string[], part: unknown): unknown => {
  if (path.length === 0) return part;
  const [head, ...rest] = path as [string, ...string[]];
  const object = { ...(value as Record<string, unknown>) };
  object[head] = withPart(object[head], rest, part);
  return object;
};

/** Zod's own words ("Invalid input: expected number, received string", "<=9007199254740991") in an operator's. */
const describeIssue = (issue: z.core.$ZodIssue): string => {
  const limit = (n: number | bigint) => (Number(n) >= Number.MAX_SAFE_INTEGER ? null : String(n));
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return 'enter a whole number';
      if (issue.expected === 'number') return 'enter a number';
      if (issue.expected === 'boolean') return 'choose yes or no (true or false)';
      if (issue.expected === 'string') return 'enter a text (in quotes)';
      if (issue.expected === 'array') return 'give a list ([…])';
      if (issue.expected === 'object') return 'give an object ({…})';
      return issue.message;
    case 'too_big': {
      const max = limit(issue.maximum);
      if (max === null) return 'the number is too large';
      if (issue.origin === 'string') return `${max} characters at most`;
      if (issue.origin === 'array') return `${max} items at most`;
      return issue.inclusive ? `${max} at most` : `less than ${max}`;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'required' : `${min} characters at least`;
      if (issue.origin === 'array') return `${min} items at least`;
      return issue.inclusive ? `${min} or more` : `more than ${min}`;
    }
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? 'enter a whole number' : issue.message;
    case 'invalid_value':
      return `choose one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return issue.message;
  }
};

/** The setting with the section's new part, or what is wrong with it (one line per problem, with its path). */
export const checkSection = (
  section: TSettingsSection,
  stored: unknown,
  part: unknown,
): { ok: true; value: unknown } | { ok: false; problems: string[] } => {
  const value = withPart(stored, section.path, part);
  const checked = SETTING_SCHEMAS[section.key].safeParse(value);
  const problems = checked.success
    ? []
    : checked.error.issues.map((issue) => {
        const path = issue.path.slice(section.path.length).join('.');
        return `${path || '(the whole value)'}: ${describeIssue(issue)}`;
      });
  if (section.form === 'redirects') problems.push(...redirectProblems(part));
  return problems.length ? { ok: false, problems } : { ok: true, value };
};

/** What the contract does not say about redirects but the site needs. */
const redirectProblems = (part: unknown) => {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [i, r] of (Array.isArray(part) ? part : []).entries()) {
    const { from_url: from, to_url: to } = r as { from_url: string; to_url: string };
    if (!from.startsWith('/')) problems.push(`row ${i + 1}: “from” must be a path starting with /`);
    if ((from.match(/\*/g) ?? []).length > 1) problems.push(`row ${i + 1}: “from” may hold one * at most`);
    if (!to.startsWith('/') && !/^https?:\/\/[^\s/]+/i.test(to))
      problems.push(`row ${i + 1}: “to” must be a path starting with / or an http(s) address`);
    if (seen.has(from)) problems.push(`row ${i + 1}: “${from}” is redirected twice`);
    if (from === to) problems.push(`row ${i + 1}: “${from}” redirects to itself`);
    seen.add(from);
  }
  return problems;
};
