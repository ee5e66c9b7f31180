/** The version check's timer and the "new version — reload" toast it brings. */
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../ui/toasts/toast-host.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { pwaStatus } from './pwa-status.ts';
import { registerServiceWorker, showNewVersionToast } from './start-pwa.tsx';
import { startVersionCheck, VERSION_POLL_MS } from './version-check.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  toastStore.dismiss('new-version');
});

/** A latest-build file that answers the versions given, one per call (the last one repeats). */
const server = (...answers: (string | 'fail' | 'offline')[]) => {
  const urls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    urls.push(url);
    const answer = answers[Math.min(urls.length - 1, answers.length - 1)];
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    if (answer === 'fail') return new Response('nope', { status: 404 });
    return Response.json({ version: answer, timestamp: 1_700_000_000_000 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, urls };
};

const tick = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('the version check', () => {
  it('polls the latest-build file with a timestamp and reports a new version once', async () => {
    const latest = server('b1', 'offline', 'fail', 'b2');
    const onNewVersion = vi.fn();
    const stop = startVersionCheck({ current: 'b1', onNewVersion, fetch: latest.fetch, now: () => 42 });
    await tick(VERSION_POLL_MS - 1);
    expect(latest.urls).toEqual([]);
    await tick(1);
    expect(latest.urls).toEqual(['/latest-build.json?t=42']);
    await tick(VERSION_POLL_MS * 2);
    expect(onNewVersion).not.toHaveBeenCalled();
    await tick(VERSION_POLL_MS);
    expect(onNewVersion).toHaveBeenCalledExactlyOnceWith({ version: 'b2', timestamp: 1_700_000_000_000 });
    await tick(VERSION_POLL_MS * 3);
    expect(latest.urls).toHaveLength(4);
    stop();
  });

  it('checks again when the tab comes back, at most once a minute', async () => {
    const latest = server('b1');
    let now = 0;
    const listeners: (() => void)[] = [];
    const events = {
      visibilityState: 'visible' as DocumentVisibilityState,
      addEventListener: (_: string, listener: () => void) => listeners.push(listener),
      removeEventListener: vi.fn(),
    } as unknown as Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
    const stop = startVersionCheck({
      current: 'b1',
      onNewVersion: vi.fn(),
      fetch: latest.fetch,
      now: () => now,
      events,
    });
    now = 30_000;
    for (const listener of listeners) listener();
    expect(latest.urls).toHaveLength(0);
    now = 61_000;
    for (const listener of listeners) listener();
    expect(latest.urls).toEqual(['/latest-build.json?t=61000']);
    stop();
    expect(events.removeEventListener).toHaveBeenCalled();
  });

  it('shows a lasting "new version" toast whose button reloads', async () => {
    render(<ToastHost />);
    const reload = vi.fn();
    await act(async () => {
      await showNewVersionToast(reload);
    });
    expect(screen.getByText('A new version of the site is available')).toBeInTheDocument();
    await tick(60_000);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('the service worker registration', () => {
  it('registers /sw.js with scope / and sets the error flag when it fails', async () => {
    const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
    await registerServiceWorker({ register });
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(pwaStatus.registrationFailed).toBe(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await registerServiceWorker({ register: vi.fn(async () => Promise.reject(new Error('SecurityError'))) });
    expect(pwaStatus.registrationFailed).toBe(true);
    warn.mockRestore();
  });
});
