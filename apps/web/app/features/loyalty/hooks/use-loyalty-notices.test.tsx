import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportError } from '../../../lib/error-reporting';
import { loadNotices, useLoyaltyNotices } from './use-loyalty-notices';

vi.mock('../../../lib/error-reporting', () => ({ reportError: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(reportError).mockClear();
});

const failing = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('upstream down', { status: 502 })),
  );

describe('a loyalty notice failure (spec §8) is not swallowed', () => {
  it('loadNotices rethrows it', async () => {
    failing();
    await expect(loadNotices()).rejects.toBeDefined();
  });

  it('the hook reports it on the first interaction', async () => {
    failing();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    renderHook(() => useLoyaltyNotices(true), { wrapper });
    window.dispatchEvent(new Event('click'));
    await vi.waitFor(() => expect(reportError).toHaveBeenCalledTimes(1));
  });
});
