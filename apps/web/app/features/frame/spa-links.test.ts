import type { MouseEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { isActivePath, navLinkProps, spaTarget } from './spa-links';

describe('plain links in the app', () => {
  it('are active like a NavLink: the same path, or below it unless end', () => {
    expect(isActivePath('/gamehall', '/gamehall')).toBe(true);
    expect(isActivePath('/gamehall/', '/gamehall')).toBe(true);
    expect(isActivePath('/gamehall/12', '/gamehall')).toBe(true);
    expect(isActivePath('/gamehall/12', '/gamehall', true)).toBe(false);
    expect(isActivePath('/gamehalls', '/gamehall')).toBe(false);
    expect(isActivePath('/es/offers', '/')).toBe(false);
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/GameHall', '/gamehall?category=live')).toBe(true);
    expect(navLinkProps('/es', '/es', 'nav-link', true)).toEqual({
      className: 'nav-link active',
      'aria-current': 'page',
    });
    expect(navLinkProps('/', '/es', 'nav-link')).toEqual({
      className: 'nav-link',
      'aria-current': undefined,
    });
  });

  it('navigate in the app only for a plain left click on a same-site anchor inside the container', () => {
    const container = document.createElement('nav');
    container.innerHTML = `<a href="/gamehall?x=1#top" id="in"><span id="label">Games</span></a>
      <a href="https://example.com/x" id="out">Out</a><a href="/f" target="_blank" id="blank">B</a>
      <a href="/d" download id="download">D</a><button id="button">B</button>`;
    document.body.append(container);
    const click = (id: string, extra: Partial<MouseEvent<HTMLElement>> = {}) =>
      spaTarget({
        defaultPrevented: false,
        button: 0,
        metaKey: false,
        altKey: false,
        ctrlKey: false,
        shiftKey: false,
        target: document.getElementById(id),
        currentTarget: container,
        ...extra,
      } as unknown as MouseEvent<HTMLElement>);
    const url = click('label');
    expect(`${url?.pathname}${url?.search}${url?.hash}`).toBe('/gamehall?x=1#top');
    expect(click('out')).toBeNull();
    expect(click('blank')).toBeNull();
    expect(click('download')).toBeNull();
    expect(click('button')).toBeNull();
    expect(click('in', { ctrlKey: true })).toBeNull();
    expect(click('in', { button: 1 })).toBeNull();
    expect(click('in', { defaultPrevented: true })).toBeNull();
    container.remove();
  });
});
