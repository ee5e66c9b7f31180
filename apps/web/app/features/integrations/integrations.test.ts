import { afterEach, describe, expect, it, vi } from 'vitest';
import { customCodeNodes, injectCustomCode } from './custom-code';
import { HIT_DELAY_MS, hitUrl, scheduleHit } from './hit-beacon';

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('custom code', () => {
  it('injects each enabled entry at its position, scripts runnable and carrying the nonce, once', () => {
    document.body.innerHTML = '<div id="app"></div>';
    const entries = [
      { id: 'meta', position: 'head' as const, code: '<meta name="x-test" content="1">' },
      { id: 'start', position: 'bodyStart' as const, code: '<noscript>start</noscript>' },
      {
        id: 'end',
        position: 'bodyEnd' as const,
        code: '<script type="text/x-template" src="https://tags.example/t.js"></script>',
      },
    ];
    injectCustomCode(document, entries, 'n0nce');
    injectCustomCode(document, entries, 'n0nce');
    expect(document.head.querySelectorAll('meta[name="x-test"]')).toHaveLength(1);
    expect(document.body.firstElementChild?.getAttribute('data-custom-code')).toBe('start');
    const script = document.body.lastElementChild as HTMLScriptElement;
    expect(script.tagName).toBe('SCRIPT');
    expect(script.getAttribute('src')).toBe('https://tags.example/t.js');
    expect(script.nonce).toBe('n0nce');
  });

  it('re-creates inline scripts (a parsed one never runs) with their text', () => {
    const [node] = customCodeNodes(document, '<script>window.__x = 1</script>', 'abc');
    expect((node as HTMLScriptElement).textContent).toBe('window.__x = 1');
    expect((node as HTMLScriptElement).nonce).toBe('abc');
  });
});

describe('/hit beacon', () => {
  it('carries the referer, the landing path, the tracking params only, and the SEON session', () => {
    const url = hitUrl(
      new URL('https://casino.example/en/games/slots?utm_source=mail&gclid=G1&token=secret&affiliate_id=7'),
      'https://news.example/',
      'c2Vvbg==',
    );
    const query = new URLSearchParams(url.split('?')[1]);
    expect(url.startsWith('/hit?')).toBe(true);
    expect(Object.fromEntries(query)).toEqual({
      referer: 'https://news.example/',
      landing: '/en/games/slots',
      utm_source: 'mail',
      gclid: 'G1',
      affiliate_id: '7',
      seon_session: 'c2Vvbg==',
    });
  });

  it('is sent 3 s after start, with the SEON session only when enabled', async () => {
    vi.useFakeTimers();
    const sources: string[] = [];
    const w = {
      setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
      clearTimeout: (id: number) => clearTimeout(id),
      Image: class {
        set src(value: string) {
          sources.push(value);
        }
      },
      seon: { getBase64Session: async () => 'SESSION' },
    } as unknown as Window;
    scheduleHit(w, {
      seonEnabled: true,
      landing: new URL('https://c.example/?utm_medium=cpc'),
      referrer: '',
    });
    scheduleHit(w, { seonEnabled: false, landing: new URL('https://c.example/'), referrer: 'r' });
    await vi.advanceTimersByTimeAsync(HIT_DELAY_MS - 1);
    expect(sources).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toEqual([
      '/hit?referer=&landing=%2F&utm_medium=cpc&seon_session=SESSION',
      '/hit?referer=r&landing=%2F',
    ]);
  });
});
