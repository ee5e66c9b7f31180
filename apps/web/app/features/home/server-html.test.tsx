import { render } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KEEP_SERVER_HTML, useServerHtml } from './server-html';

function Strip({ items }: { items: string[] }) {
  if (useServerHtml('strip', items))
    return (
      <ul
        key="server"
        data-server-html="strip"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the pattern under test
        dangerouslySetInnerHTML={KEEP_SERVER_HTML}
        suppressHydrationWarning
      />
    );
  return (
    <ul key="react" data-server-html="strip">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

describe('server HTML kept through hydration', () => {
  it('keeps the server children while hydrating, then renders them with React when the data changes', async () => {
    const first = ['a', 'b'];
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Strip items={first} />);
    document.body.append(container);
    const serverList = container.querySelector('ul');
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Strip items={first} />);
    });
    expect(container.querySelector('ul')).toBe(serverList);
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['a', 'b']);
    await act(async () => root?.render(<Strip items={first} />));
    expect(container.querySelectorAll('li')).toHaveLength(2);
    await act(async () => root?.render(<Strip items={['c']} />));
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['c']);
    root?.unmount();
    container.remove();
  });

  it('renders with React when it mounts outside hydration', () => {
    const { container } = render(<Strip items={['x']} />);
    expect(container.querySelectorAll('li')).toHaveLength(1);
  });
});
