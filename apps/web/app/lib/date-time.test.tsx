import { render } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateTime } from './date-time';

// New Year's Eve in UTC is already New Year's Day in Kiritimati (UTC+14): every figure of the text differs.
const WHEN = '2026-12-31T11:30:00Z';
let zone: string | undefined;

beforeEach(() => {
  zone = process.env.TZ;
  process.env.TZ = 'Pacific/Kiritimati';
});
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('<DateTime>: the server HTML and the hydration agree, then the player reads their own time', () => {
  it('the player here is fourteen hours ahead of UTC', () => {
    expect(new Date(WHEN).getDate()).toBe(1);
  });

  it('hydrates the server text without a mismatch, then shows the time in the player zone', async () => {
    const html = renderToString(<DateTime when={WHEN} />);
    expect(html).toContain('31.12.2026 11:30');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <DateTime when={WHEN} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    const time = container.querySelector('time');
    expect(time?.textContent).toBe('01.01.2027 1:30');
    expect(time?.getAttribute('datetime')).toBe(WHEN);
    root?.unmount();
    container.remove();
  });

  it('shows the player zone at once when the browser renders it (a client navigation)', () => {
    const { container } = render(<DateTime when={Date.parse(WHEN) / 1000} />);
    expect(container.querySelector('time')?.textContent).toBe('01.01.2027 1:30');
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-31T11:30:00.000Z');
  });
});
