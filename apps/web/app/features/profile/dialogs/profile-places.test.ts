/**
 * Spec §8, issue 41: the server's UserNeedProfileDataException opens the fill-profile prompt and
 * SumsubVerificationRequiredException the identity verification, whichever call met them; a screen that opened
 * the dialog itself keeps it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { dialogStore } from '../../../ui/dialogs';
import './profile-places';
import { openVerificationDialog } from './profile-places';

const refuse = (type: string, error_data: Record<string, unknown>) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify({ data: null, error: { type, error_data } }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
  );

beforeEach(() => {
  window.history.replaceState(null, '', '/cashier/deposit/card?x=1');
});
afterEach(() => {
  dialogStore.closeAll();
  vi.unstubAllGlobals();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
const openDialogs = () => dialogStore.getState().stack.map((d) => d.id);

describe('refusals that open a profile dialog', () => {
  it('UserNeedProfileDataException opens the fill-profile prompt, for a deposit with its toast type', async () => {
    vi.stubGlobal(
      'fetch',
      refuse('UserNeedProfileDataException', { fields: ['first_name'], toast_type: 'fill_for_deposit' }),
    );
    const failure = await api.post('cashier.makedeposit', { method: 'card', amount: '50' }).catch((e) => e);
    expect(isApiError(failure, 'UserNeedProfileDataException')).toBe(true);
    await settle();
    expect(openDialogs()).toEqual(['fill-profile-info']);
    const rendered = dialogStore.getState().stack[0]?.render?.({
      id: 'fill-profile-info',
      close: () => undefined,
      update: () => undefined,
    }) as { props: { children: { props: Record<string, unknown> } } };
    expect(rendered.props.children.props).toMatchObject({
      from: '/cashier/deposit/card?x=1',
      toastType: 'fill_for_deposit',
    });
  });

  it('SumsubVerificationRequiredException opens the identity verification once', async () => {
    vi.stubGlobal('fetch', refuse('SumsubVerificationRequiredException', { show: true }));
    await api.post('cashier.makewithdrawal', {}).catch((error) => {
      // The withdrawal screen opens it for its own action as the call fails.
      if (isApiError(error, 'SumsubVerificationRequiredException')) openVerificationDialog('withdrawal');
    });
    await settle();
    expect(openDialogs()).toEqual(['identity-verification']);
    dialogStore.closeAll();

    await api.post('account.getInfo', {}).catch(() => undefined);
    await settle();
    expect(openDialogs()).toEqual(['identity-verification']);
  });

  it('other refusals open nothing', async () => {
    vi.stubGlobal('fetch', refuse('BillingUnavailableException', {}));
    await api.post('cashier.makedeposit', {}).catch(() => undefined);
    await settle();
    expect(openDialogs()).toEqual([]);
  });
});
