/**
 * A small, safe Markdown renderer for the operator's content pages: headings, paragraphs, lists, emphasis,
 * code, links and images. Everything is escaped first; only http(s), mailto and site-relative links survive, and
 * images only from the site itself (an uploaded image's `/_ipx/…` address) or https. One copy serves the site's
 * content pages and the back-office preview (packages/contracts: neither app imports the other).
 */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const safeUrl = (url: string) => (/^(https?:|mailto:|\/(?!\/)|#)/i.test(url) ? url : '#');

const safeImage = (url: string) => (/^(https:|\/(?!\/))/i.test(url) ? url : null);

const inline = (text: string) =>
  escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (_m, alt: string, url: string) => {
      const src = safeImage(url.replace(/&amp;/g, '&'));
      return src ? `<img src="${escapeHtml(src)}" alt="${alt}" loading="lazy">` : alt;
    })
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*]+)\*/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, url: string) => {
      const target = safeUrl(url.replace(/&amp;/g, '&'));
      const external = /^https?:/i.test(target);
      return `<a href="${escapeHtml(target)}"${external ? ' rel="noopener noreferrer" target="_blank"' : ''}>${label}</a>`;
    });

export const renderMarkdown = (source: string): string => {
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list) {
      const tag = list.ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${list.items.map((item) => `<li>${inline(item)}</li>`).join('')}</${tag}>`);
    }
    list = null;
  };
  for (const raw of source.replace(/\r\n/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (!line.trim()) {
      flushParagraph();
      flushList();
    } else if (heading) {
      flushParagraph();
      flushList();
      // The page title is the h1; headings inside the body start at h2.
      const level = Math.min(6, Math.max(2, (heading[1] ?? '#').length + 1));
      out.push(`<h${level}>${inline(heading[2] ?? '')}</h${level}>`);
    } else if (bullet || numbered) {
      flushParagraph();
      const ordered = Boolean(numbered);
      if (list && list.ordered !== ordered) flushList();
      list ??= { ordered, items: [] };
      list.items.push((bullet?.[1] ?? numbered?.[1]) as string);
    } else {
      flushList();
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  flushList();
  return out.join('\n');
};

/** A content page's body as the site shows it: a first `# heading` repeats the title (the page's h1) and goes. */
export const renderPageBody = (body: string): string => renderMarkdown(body.replace(/^\s*#\s+.*\n/, ''));
