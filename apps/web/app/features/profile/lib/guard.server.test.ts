import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { siteContext } from '../../../lib/site/site.server.ts';
import { requireFlag } from './guard.server.ts';

const contextWith = (flags: Record<string, boolean>) => {
  const context = new RouterContextProvider();
  // Only cms.flags is read by the guard; the rest of the site request is not needed here.
  context.set(siteContext, { cms: { flags } } as never);
  return context;
};

describe('profile route guard (spec §3 feature flags)', () => {
  it('answers 404 for a section whose flag is off and lets it through when on or unset', () => {
    expect(requireFlag(contextWith({ isBetHistoryEnable: true }), 'isBetHistoryEnable')).toBeNull();
    expect(requireFlag(contextWith({}), 'isVerificationEnable')).toBeNull();
    let thrown: unknown;
    try {
      requireFlag(contextWith({ isResponsibleGamingEnable: false }), 'isResponsibleGamingEnable');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 }, data: { page: 'not-found' } });
  });
});
