import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  armRouteDiscovery,
  DISCOVERY_DELAY_MS,
  discoverAttributes,
  linkDiscovery,
  resetRouteDiscovery,
  useRouteDiscoveryOnIntent,
} from './route-discovery';

function Page() {
  useRouteDiscoveryOnIntent();
  return (
    <a href="/gamehall" {...discoverAttributes()}>
      Games
    </a>
  );
}

describe('route discovery on intent', () => {
  afterEach(() => {
    resetRouteDiscovery();
    vi.useRealTimers();
  });

  it('marks the links for later, then for React Router at the first sign of intent', () => {
    expect(discoverAttributes()).toEqual({ 'data-discover-later': '' });
    expect(linkDiscovery()).toEqual({ discover: 'none', 'data-discover-later': '' });
    const { container } = render(<Page />);
    const anchor = container.querySelector('a') as HTMLAnchorElement;
    expect(anchor.hasAttribute('data-discover')).toBe(false);
    act(() => {
      window.dispatchEvent(new Event('pointerover'));
    });
    expect(anchor.getAttribute('data-discover')).toBe('true');
    expect(discoverAttributes()).toEqual({ 'data-discover': 'true' });
    expect(linkDiscovery()).toEqual({});
  });

  it('arms by itself after a while without any intent', () => {
    vi.useFakeTimers();
    const { container } = render(<Page />);
    act(() => {
      vi.advanceTimersByTime(DISCOVERY_DELAY_MS);
    });
    expect(container.querySelector('a')?.getAttribute('data-discover')).toBe('true');
    armRouteDiscovery();
  });
});
