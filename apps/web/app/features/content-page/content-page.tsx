import type { TContentPage } from './content-page.server';

export function ContentPage({ page }: { page: TContentPage }) {
  return (
    <article className="prose-page mx-auto max-w-3xl py-10">
      <h1 className="text-3xl font-bold text-[var(--text-strong)] md:text-4xl">{page.title}</h1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by renderMarkdown, which escapes everything */}
      <div className="mt-6" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
