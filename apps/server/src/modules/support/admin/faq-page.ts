/** Content › FAQ: the support page's questions per language, each editable, movable and removable. */
import {
  contentTabs,
  csrfField,
  html,
  localeBar,
  readOnlyNote,
  type TLocales,
} from '../../backoffice/index.ts';

export interface TFaqRow {
  id: string;
  question: string;
  answer: string;
}

const faqItemForm = (item: TFaqRow, i: number, count: number, locale: string, csrf: string) => {
  const base = `/admin/content/faq/${locale}/${item.id}`;
  const move = (dir: 'up' | 'down', label: string, off: boolean) =>
    off
      ? ''
      : html`<form method="post" action="${base}/move" class="inline">${csrfField(csrf)}<input type="hidden" name="dir" value="${dir}"><button class="btn btn-ghost btn-sm" type="submit">${label}</button></form>`;
  return html`<li class="panel" data-faq="${item.id}">
<form method="post" action="${base}">${csrfField(csrf)}
<div class="field"><label for="q-${item.id}">Question ${i + 1}</label><input id="q-${item.id}" name="question" value="${item.question}" maxlength="300" required></div>
<div class="field"><label for="a-${item.id}">Answer</label><textarea id="a-${item.id}" name="answer" rows="3" maxlength="5000" required>${item.answer}</textarea></div>
<button class="btn btn-primary btn-sm" type="submit">Save</button></form>
<div class="actions">${move('up', '↑ Up', i === 0)}${move('down', '↓ Down', i === count - 1)}
<form method="post" action="${base}/remove" class="inline">${csrfField(csrf)}<button class="btn btn-danger btn-sm" type="submit">Remove</button></form></div></li>`;
};

export const faqBody = (input: {
  locales: TLocales;
  locale: string;
  items: TFaqRow[];
  own: boolean;
  canEdit: boolean;
  csrf: string;
}) => html`<div class="page-head"><div><h1>FAQ</h1>
<p class="sub">The questions of the support page, per language, in this order.${input.own ? '' : ' This language has no FAQ of its own: the site shows the English one below until you change it here (the first change makes it this language’s own).'}</p></div></div>
${contentTabs('faq')}${readOnlyNote(input.canEdit)}
<section class="panel">${localeBar('/admin/content/faq', input.locales, input.locale)}</section>
${
  input.canEdit
    ? html`<ol class="faq-list">${input.items.map((item, i) => faqItemForm(item, i, input.items.length, input.locale, input.csrf))}</ol>
<section class="panel" aria-labelledby="faq-new"><h2 id="faq-new">Add a question</h2>
<form method="post" action="/admin/content/faq/${input.locale}/add">${csrfField(input.csrf)}
<div class="field"><label for="q-new">Question</label><input id="q-new" name="question" maxlength="300" required></div>
<div class="field"><label for="a-new">Answer</label><textarea id="a-new" name="answer" rows="3" maxlength="5000" required></textarea></div>
<button class="btn btn-primary" type="submit">Add</button></form></section>`
    : html`<section class="panel"><ol>${input.items.map(
        (item) => html`<li data-faq="${item.id}"><strong>${item.question}</strong><p>${item.answer}</p></li>`,
      )}</ol></section>`
}`;
