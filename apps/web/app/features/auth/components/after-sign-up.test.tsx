/**
 * What follows a sign-up or sign-in (spec §4 Registration steps 2-5, §3 promo code, issue 41): the queued dialogs
 * show one at a time in the spec's order and the deposit page comes only after them; a `?promo_code` link is
 * kept in local storage, prefills the form and is activated after a sign-in or a sign-up that did not carry it.
 */
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillDialogPlace, openDialogPlace, type TPlaceProps } from '../../../ui/dialogs/dialog-places.tsx';
import { dialogStore } from '../../../ui/dialogs/dialog-store.ts';
import { STORAGE_PROMO_CODE } from '../lib/auth-links.ts';
import { DEFAULT_REGISTRATION_CONFIG, type TRegistrationConfig } from '../lib/registration-config.ts';
import { fakeAuthApi, lastLocation, renderAuth, resetDialogs } from '../test/render-auth.tsx';

vi.mock('../../bonuses/unseen-cashback', () => ({ checkUnseenCashback: vi.fn(async () => undefined) }));
// The campaign check finds a popup for the page: it is queued after the e-mail prompt.
vi.mock('../../bonuses/campaign-popups', () => ({
  checkCampaignPopups: vi.fn(async () => {
    openDialogPlace('campaign', {}, { queue: true });
  }),
}));
const promoActivated = vi.fn();
vi.mock('../../bonuses/dialogs/bonus-dialogs', () => ({ openPromoActivated: promoActivated }));

const stub =
  (text: string) =>
  ({ dialog }: TPlaceProps) => (
    <div>
      <p>{text}</p>
      <button type="button" onClick={dialog.close}>
        Done
      </button>
    </div>
  );
fillDialogPlace('confirm-email', async () => ({ default: stub('Confirm your email') }));
fillDialogPlace('campaign', async () => ({ default: stub('A campaign') }));

const config: TRegistrationConfig = {
  ...DEFAULT_REGISTRATION_CONFIG,
  confirmEmailPopup: true,
  authTypes: DEFAULT_REGISTRATION_CONFIG.authTypes.filter((a) => a.id === 'form'),
  terms: { isActive: false, defaultValue: false },
};

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  promoActivated.mockClear();
});
afterEach(() => resetDialogs());

const register = async (user: ReturnType<typeof userEvent.setup>) => {
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret12' } });
  await user.click(screen.getByRole('button', { name: 'Register' }));
};

describe('after registering', () => {
  it('shows the e-mail prompt, then the campaign, one at a time, and only then the deposit page', async () => {
    const user = userEvent.setup();
    renderAuth({ view: 'registration', config, url: '/' });
    await register(user);
    expect(await screen.findByText('Confirm your email')).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await waitFor(() => expect(dialogStore.getState().queue.map((d) => d.id)).toEqual(['campaign']));
    expect(lastLocation.current).toBe('/');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('A campaign')).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(lastLocation.current).toBe('/');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(lastLocation.current).toBe('/cashier/deposit?register=success'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a promo code from the link', () => {
  it('is kept in local storage from ?promo_code, survives browsing and prefills the registration form', async () => {
    const { router } = renderAuth({ withRoot: true, url: '/promotions?promo_code=%20WELCOME50%20', config });
    await waitFor(() => expect(localStorage.getItem(STORAGE_PROMO_CODE)).toBe('WELCOME50'));
    await act(() => router.navigate('/gamehall'));
    expect(localStorage.getItem(STORAGE_PROMO_CODE)).toBe('WELCOME50');
    act(() => {
      dialogStore.closeAll();
    });
    const { openAuthPopup } = await import('../open-auth-popup.tsx');
    act(() => {
      openAuthPopup('registration');
    });
    expect(await screen.findByLabelText('Promo code')).toHaveValue('WELCOME50');
  });

  it('a sign-up that carried the code does not activate it again; the kept code is forgotten', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_PROMO_CODE, 'WELCOME50');
    const api = fakeAuthApi();
    renderAuth({ view: 'registration', api, config: { ...config, confirmEmailPopup: false } });
    expect(await screen.findByLabelText('Promo code')).toHaveValue('WELCOME50');
    // The submit waits for the promo check (debounced, spec §4).
    expect(await screen.findByRole('img', { name: 'Promo code accepted' })).toBeInTheDocument();
    await register(user);
    await waitFor(() =>
      expect(api.register).toHaveBeenCalledWith(expect.objectContaining({ promo_code: 'WELCOME50' })),
    );
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(lastLocation.current).toBe('/cashier/deposit?register=success'));
    expect(api.activatePromoCode).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_PROMO_CODE)).toBeNull();
  });

  it('a sign-up without it in the form activates the kept code (spec §4 step 2)', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_PROMO_CODE, 'WELCOME50');
    const api = fakeAuthApi();
    renderAuth({ view: 'registration', api, config: { ...config, confirmEmailPopup: false } });
    await user.click(await screen.findByRole('checkbox', { name: 'I have a promo code' }));
    await register(user);
    await waitFor(() => expect(api.activatePromoCode).toHaveBeenCalledWith('WELCOME50'));
    expect(localStorage.getItem(STORAGE_PROMO_CODE)).toBeNull();
  });

  it('is activated after a sign-in, with the activated popup', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_PROMO_CODE, 'WELCOME50');
    const activated = { campaign: { id: 3 } };
    const api = fakeAuthApi({ activatePromoCode: vi.fn(async () => activated) });
    renderAuth({ view: 'authorization', api });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'player@example.com' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret12' } });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(api.activatePromoCode).toHaveBeenCalledWith('WELCOME50'));
    await waitFor(() => expect(promoActivated).toHaveBeenCalledWith(activated));
    expect(localStorage.getItem(STORAGE_PROMO_CODE)).toBeNull();
  });
});
