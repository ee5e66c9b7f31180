/**
 * Settings › Robots as a form (issue 40): the robots meta tag every page carries, the robots.txt groups (a user agent
 * with the paths it may and may not crawl) and the sitemap — checked field by field, then by the SEO contract. A
 * refusal names the field ("rule 2 › Disallow: …") and stores nothing.
 */
import { z } from 'zod';
import { formList, formString, html } from '../../backoffice/index.ts';

type TRecord = Record<string, unknown>;
const asRecord = (v: unknown): TRecord =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as TRecord) : {};
const asList = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The directives a robots meta tag may hold (Google's and Bing's documented ones). */
const ROBOTS_DIRECTIVE =
  /^(all|none|index|noindex|follow|nofollow|noarchive|nosnippet|noimageindex|notranslate|nocache|indexifembedded|max-snippet:-?\d+|max-video-preview:-?\d+|max-image-preview:(none|standard|large)|unavailable_after:.+)$/i;

/** Problems of a robots meta tag's content ('' allowed: no tag). */
export const robotsMetaProblems = (meta: string, field: string) =>
  meta
    .split(',')
    .map((d) => d.trim())
    .filter((d, _i, all) => d !== '' || all.length > 1)
    .flatMap((d) =>
      ROBOTS_DIRECTIVE.test(d)
        ? []
        : [`${field}: “${d}” is not a robots directive (index, noindex, follow, nofollow, noarchive, …)`],
    );

const ZRobotsForm = z.object({
  meta: formString().pipe(z.string().trim().max(200, '200 characters at most')),
  sitemap: formString().pipe(
    z
      .string()
      .trim()
      .max(300, '300 characters at most')
      .regex(
        /^(\/[^\s"'<>]*|https?:\/\/[^\s/"'<>]+[^\s"'<>]*)?$/i,
        'a path starting with / or an http(s) address',
      ),
  ),
  rule_agent: formList(),
  rule_allow: formList(),
  rule_disallow: formList(),
});

const paths = (text: string) => text.split(/\s+/).filter(Boolean);

/** The robots section the form describes, or the problems found (each naming its field). */
export const robotsFromForm = (current: unknown, body: unknown): { part: unknown; problems: string[] } => {
  const parsed = ZRobotsForm.safeParse(body);
  if (!parsed.success)
    return {
      part: current,
      problems: parsed.error.issues.map((issue) => `${String(issue.path[0] ?? '')}: ${issue.message}`),
    };
  const f = parsed.data;
  const problems = robotsMetaProblems(f.meta, 'robots meta tag');
  const rules = f.rule_agent
    .map((agent, i) => ({
      row: i + 1,
      userAgent: agent.trim(),
      allow: paths(f.rule_allow[i] ?? ''),
      disallow: paths(f.rule_disallow[i] ?? ''),
    }))
    .filter((r) => r.userAgent !== '' || r.allow.length > 0 || r.disallow.length > 0);
  for (const r of rules) {
    if (!r.userAgent) problems.push(`rule ${r.row} › User agent: required (“*” for every crawler)`);
    else if (!/^[\w*.\- ]{1,60}$/.test(r.userAgent))
      problems.push(
        `rule ${r.row} › User agent: “${r.userAgent}” is not a crawler name (letters, digits, *)`,
      );
    for (const [label, list] of [
      ['Allow', r.allow],
      ['Disallow', r.disallow],
    ] as const)
      for (const path of list)
        if (!/^\/[^\s"'<>]{0,200}$/.test(path))
          problems.push(`rule ${r.row} › ${label}: “${path}” is not a path starting with /`);
  }
  const agents = rules.map((r) => r.userAgent.toLowerCase());
  agents.forEach((agent, i) => {
    if (agent && agents.indexOf(agent) !== i)
      problems.push(
        `rule ${i + 1} › User agent: “${rules[i]?.userAgent}” has a rule already (one group each)`,
      );
  });
  return {
    part: {
      ...asRecord(current),
      meta: f.meta,
      rules: rules.map(({ userAgent, allow, disallow }) => ({ userAgent, allow, disallow })),
      sitemap: f.sitemap,
    },
    problems,
  };
};

export const robotsFormBody = (part: unknown, disabled: boolean) => {
  const robots = asRecord(part);
  const off = disabled ? html`disabled` : '';
  const rules = (Array.isArray(robots.rules) ? robots.rules : []).map(asRecord);
  const rows = [
    ...rules.map((r) => ({
      agent: typeof r.userAgent === 'string' ? r.userAgent : '',
      allow: asList(r.allow).join(' '),
      disallow: asList(r.disallow).join(' '),
    })),
    ...(disabled ? [] : [{ agent: '', allow: '', disallow: '' }]),
  ];
  return html`<div class="form-grid">
<div class="field"><label for="robots-meta">Robots meta tag <span class="muted">(every page; e.g. “index, follow”, “noindex”; empty: no tag)</span></label><input id="robots-meta" name="meta" value="${typeof robots.meta === 'string' ? robots.meta : ''}" ${off}></div>
<div class="field"><label for="robots-sitemap">Sitemap <span class="muted">(a path or address; empty: none)</span></label><input id="robots-sitemap" name="sitemap" value="${typeof robots.sitemap === 'string' ? robots.sitemap : ''}" ${off}></div>
</div>
<fieldset class="field"><legend>robots.txt rules</legend><div class="table-wrap"><table>
<thead><tr><th scope="col">#</th><th scope="col">User agent</th><th scope="col">Allow <span class="muted">(paths, separated by spaces)</span></th><th scope="col">Disallow <span class="muted">(paths, separated by spaces)</span></th></tr></thead>
<tbody>${rows.map(
    (r, i) => html`<tr><td class="num">${i + 1}</td>
  <td><label class="visually-hidden" for="robots-agent-${i}">User agent, rule ${i + 1}</label><input id="robots-agent-${i}" name="rule_agent" value="${r.agent}" placeholder="*" ${off}></td>
  <td><label class="visually-hidden" for="robots-allow-${i}">Allow, rule ${i + 1}</label><textarea id="robots-allow-${i}" name="rule_allow" rows="2" ${off}>${r.allow}</textarea></td>
  <td><label class="visually-hidden" for="robots-disallow-${i}">Disallow, rule ${i + 1}</label><textarea id="robots-disallow-${i}" name="rule_disallow" rows="2" ${off}>${r.disallow}</textarea></td></tr>`,
  )}</tbody></table></div><p class="hint">One group per crawler; empty a row to remove it. robots.txt and the pages follow a save within 10 seconds.</p></fieldset>`;
};
