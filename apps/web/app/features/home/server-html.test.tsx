import { render } from '@testing-library/react';
import { act, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
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

/**
 * Like the home page's live blocks: a placeholder without children when the server's element is not kept. The
 * server's element must be kept through every attempt React makes at hydrating it.
 */
function Blocks({ items }: { items: string[] }) {
  if (useServerHtml('blocks', items))
    return (
      <div
        key="server"
        data-server-html="blocks"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the pattern under test
        dangerouslySetInnerHTML={KEEP_SERVER_HTML}
        suppressHydrationWarning
      />
    );
  return <div key="wait" data-wait="" />;
}

describe('a hydration attempt React throws away', () => {
  it('keeps the server HTML when the boundary hydrates again, with no hydration error', async () => {
    const items = ['a'];
    const container = document.createElement('div');
    container.innerHTML = '<!--$--><div data-server-html="blocks"><p>a</p></div><span>ready</span><!--/$-->';
    document.body.append(container);
    const serverBlocks = container.querySelector('[data-server-html]');
    // The boundary's first attempt claims the blocks' element, then suspends on its sibling and is discarded
    // (as an update arriving mid-hydration discards it); React hydrates the boundary again once it resolves.
    let release: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => {
      release = resolve;
    });
    let done = false;
    void pending.then(() => {
      done = true;
    });
    function Sibling() {
      if (!done) throw pending;
      return <span>ready</span>;
    }
    const errors: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <Suspense fallback={null}>
          <Blocks items={items} />
          <Sibling />
        </Suspense>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    await act(async () => {
      release();
      await pending;
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('[data-server-html]')).toBe(serverBlocks);
    expect(container.querySelector('p')?.textContent).toBe('a');
    expect(container.querySelector('[data-wait]')).toBeNull();
    root?.unmount();
    container.remove();
  });

  it('renders with React when the browser renders the boundary instead of hydrating it', async () => {
    // The server's element is still in the document while React renders the boundary in the browser.
    const container = document.createElement('div');
    container.innerHTML = '<div data-server-html="strip"><li>old</li></div>';
    document.body.append(container);
    const fresh = document.createElement('div');
    document.body.append(fresh);
    const root = createRoot(fresh);
    await act(async () => root.render(<Strip items={['x']} />));
    expect([...fresh.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['x']);
    root.unmount();
    container.remove();
    fresh.remove();
  });
});
