import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('content page markdown', () => {
  it('renders headings, paragraphs, lists and emphasis', () => {
    const html = renderMarkdown('# Terms\n\nPlay **fair** and *safe*.\n\n- one\n- two\n\n1. first');
    expect(html).toContain('<h2>Terms</h2>');
    expect(html).toContain('<p>Play <strong>fair</strong> and <em>safe</em>.</p>');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('<ol><li>first</li></ol>');
  });

  it('escapes HTML and drops script links', () => {
    const html = renderMarkdown('<script>alert(1)</script> [x](javascript:alert(1)) [ok](/support)');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="#">x</a>');
    expect(html).toContain('<a href="/support">ok</a>');
  });

  it('shows images from the site or https only, escaped', () => {
    const html = renderMarkdown(
      '![Logo](/_ipx/f_webp,q_95/uploads/abc.png) ![x](javascript:alert(1)) ![y"onerror="alert(1)](https://cdn.example.com/a.png)',
    );
    expect(html).toContain('<img src="/_ipx/f_webp,q_95/uploads/abc.png" alt="Logo" loading="lazy">');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('"onerror=');
    expect(html).toContain('alt="y&quot;onerror=&quot;alert(1)"');
  });
});
