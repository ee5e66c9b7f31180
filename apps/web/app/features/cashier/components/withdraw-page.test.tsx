import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { DialogHost } from '../../../ui/dialogs/dialog-host';
import { dialogStore } from '../../../ui/dialogs/dialog-store';
import { ToastHost } from '../../../ui/toasts/toast-host';
import { toastStore } from '../../../ui/toasts/toast-store';
import { WithdrawPage } from './withdraw-page';

/** The server's answers as envelopes; `refusal` is what makewithdrawal answers next. */
const SETTINGS = {
  methods: [
    {
      id: 3,
      sysname: 'ewallet',
      name: 'E-wallet',
      type: 'ewallet',
      currency: 'USD',
      min_amount: 10,
      max_amount: 2000,
      requisites: [],
    },
  ],
  available_amount: 500,
  currency: 'USD',
  limits: { per_day: 10000, per_week: 30000, available_today: 10000, available_this_week: 30000 },
  kyc_threshold: 2000,
  is_verified: false,
  has_confirmed_contact: true,
  bonus_at_stake: { active: 0, held: 0 },
};

let refusal: { type: string; error_data: Record<string, unknown> };
/** The player's verification when Sumsub verifies, and the access-token requests the page made. */
const SUMSUB_STATE = {
  status: 'none',
  reason: null,
  reject_type: null,
  applicant_id: 'a1b2c3',
  provider: 'sumsub',
  documents: [],
  missing: [],
  submitted_at: null,
  reviewed_at: null,
};
let tokenRequests: string[] = [];
/** cashier.gethistory's pending withdrawals, and what cancelwithdrawal answers. */
let pendingItems: Record<string, unknown>[] = [];
let cancelAnswer: Record<string, unknown> = {};
let cancelRequests = 0;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const name = new URL(input, 'http://site.test').pathname.replace('/api/', '');
      const reply = (data: unknown) => new Response(JSON.stringify({ data, error: null }));
      if (name === 'verification.get') return reply(SUMSUB_STATE);
      if (name === 'verification.getAccessToken') {
        tokenRequests.push(`${input} ${String(init?.body ?? '')}`);
        return reply({ token: '_act-test-token' });
      }
      if (name === 'cashier.getwithdrawsettings') return reply(SETTINGS);
      if (name === 'cashier.gethistory') return reply({ items: pendingItems, count: pendingItems.length });
      if (name === 'cashier.cancelwithdrawal') {
        cancelRequests += 1;
        return reply(cancelAnswer);
      }
      if (name === 'cashier.makewithdrawal')
        return new Response(JSON.stringify({ data: null, error: refusal }), { status: 400 });
      return new Response(
        JSON.stringify({ data: null, error: { type: 'MethodNotFoundException', error_data: {} } }),
        {
          status: 404,
        },
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  SETTINGS.bonus_at_stake = { active: 0, held: 0 };
  pendingItems = [];
  cancelRequests = 0;
  tokenRequests = [];
  dialogStore.closeAll();
  toastStore.clear();
});

const catalogue = (locale: string) =>
  Object.fromEntries(
    ['cashier', 'errors', 'common', 'popups'].map((ns) => [
      ns,
      JSON.parse(
        readFileSync(
          join(import.meta.dirname, `../../../../../../content/locales/${locale}/${ns}.json`),
          'utf8',
        ),
      ),
    ]),
  );

const renderPage = (locale = 'en') => {
  const page = (
    <>
      <WithdrawPage />
      <DialogHost />
      <ToastHost />
    </>
  );
  const router = createMemoryRouter([{ path: '/cashier/withdraw', element: page }], {
    initialEntries: ['/cashier/withdraw'],
  });
  return renderWithSite(router, { locale, messages: locale === 'en' ? {} : catalogue(locale) });
};

const submit = async (amount: string) => {
  const user = userEvent.setup();
  const field = await screen.findByRole('textbox', { name: /Amount|Betrag/ });
  await user.clear(field);
  await user.type(field, amount);
  await user.click(screen.getByTestId('withdraw-submit'));
  return screen.findByTestId('withdraw-refusal');
};

describe('withdrawal refusals', () => {
  it('an unconfirmed contact: the message and the §8 button beside the submit', async () => {
    refusal = {
      type: 'UserNeedConfirmContactException',
      error_data: { link: '/profile/settings', show: true },
    };
    renderPage();
    const notice = await submit('50');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent('Confirm your e-mail or phone before you withdraw.');
    expect(within(notice).getByRole('link', { name: 'Confirm contact' })).toHaveAttribute(
      'href',
      '/profile/settings',
    );
    // Said once: no standing notice of the same kind above the form repeats it.
    expect(screen.getAllByText('Confirm your e-mail or phone before you withdraw.')).toHaveLength(1);
    expect(screen.getAllByTestId('gate-link')).toHaveLength(1);
  });

  it('a refusal of a kind the settings already announced replaces the standing notice', async () => {
    SETTINGS.has_confirmed_contact = false;
    refusal = {
      type: 'UserNeedConfirmContactException',
      error_data: { link: '/profile/settings', show: true },
    };
    try {
      renderPage();
      expect(await screen.findByTestId('gate-confirm-contact')).toBeInTheDocument();
      await submit('50');
      await vi.waitFor(() => expect(screen.queryByTestId('gate-confirm-contact')).toBeNull());
      expect(screen.getAllByText('Confirm your e-mail or phone before you withdraw.')).toHaveLength(1);
    } finally {
      SETTINGS.has_confirmed_contact = true;
    }
  });

  it('in the player’s language', async () => {
    refusal = {
      type: 'UserNeedConfirmContactException',
      error_data: { link: '/profile/settings', show: true },
    };
    renderPage('de');
    const notice = await submit('50');
    expect(notice).toHaveTextContent(
      'Bestätige deine E-Mail-Adresse oder Telefonnummer, bevor du auszahlst.',
    );
    expect(within(notice).getByRole('link', { name: 'Kontakt bestätigen' })).toBeInTheDocument();
  });

  it('KYC: the verification link; a show flag of false keeps the words and drops the button', async () => {
    refusal = { type: 'KycWithdrawalException', error_data: { link: '/profile/verification', show: true } };
    renderPage();
    let notice = await submit('50');
    expect(notice).toHaveTextContent('Verify your identity to withdraw this amount.');
    expect(within(notice).getByRole('link', { name: 'Verify identity' })).toHaveAttribute(
      'href',
      '/profile/verification',
    );
    refusal = { type: 'KycWithdrawalException', error_data: { link: '/profile/verification', show: false } };
    notice = await submit('60');
    await vi.waitFor(() => expect(within(notice).queryByRole('link')).toBeNull());
    expect(notice).toHaveTextContent('Verify your identity');
  });

  it('Sumsub: the refusal opens the verification flow, whose WebSDK gets a token bound to the withdrawal', async () => {
    const launched: { token: string; lang: string | undefined; container: HTMLElement }[] = [];
    vi.stubGlobal('snsWebSdk', {
      init: (token: string) => {
        let lang: string | undefined;
        const builder = {
          withConf: (conf: { lang?: string }) => {
            lang = conf.lang;
            return builder;
          },
          withOptions: () => builder,
          on: () => builder,
          build: () => ({ launch: (container: HTMLElement) => launched.push({ token, lang, container }) }),
        };
        return builder;
      },
    });
    refusal = {
      type: 'SumsubVerificationRequiredException',
      error_data: { link: '/profile/verification', show: true, threshold: 2000 },
    };
    renderPage();
    const notice = await submit('50');
    expect(notice).toHaveTextContent('Verify your identity to withdraw this amount.');
    expect(within(notice).getByRole('link', { name: 'Verify identity' })).toHaveAttribute(
      'href',
      '/profile/verification',
    );
    const dialog = await screen.findByTestId('verification-dialog');
    await vi.waitFor(() => expect(launched).toHaveLength(1));
    expect(launched[0]).toMatchObject({ token: '_act-test-token', lang: 'en' });
    expect(within(dialog).getByTestId('sumsub-websdk-container')).toBe(launched[0]?.container);
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]).toContain('externalActionId=withdrawal');
  });

  it.each([
    [
      {
        type: 'WithdrawalLimitsPeriodExceededException',
        error_data: { period: 'day', limit_amount: 100, available_amount: 40 },
      },
      'This exceeds your daily withdrawal limit of $100.00. You can still withdraw $40.00.',
    ],
    [
      { type: 'AccessDeniedException', error_data: { reason: 'self_excluded' } },
      'Your account is self-excluded or on a time-out.',
    ],
    [{ type: 'TooManyRequestsException', error_data: {} }, 'Too many attempts. Please wait a moment.'],
    [{ type: 'RequisitesFraudulentException', error_data: {} }, 'These payment details cannot be used.'],
    [
      { type: 'InvalidParameterException', error_data: { invalid_parameters: { method: 'wrongField' } } },
      'This could not be accepted. Please reload the page and try again.',
    ],
  ])('%o is said, not swallowed', async (answer, text) => {
    refusal = answer;
    renderPage();
    expect(await submit('50')).toHaveTextContent(text);
  });
});

describe('the bonus a withdrawal costs (paused while it waits, lost if it is paid, back if it is not)', () => {
  it('the page says so before the player asks, for an active bonus and for one pending withdrawals hold', async () => {
    SETTINGS.bonus_at_stake = { active: 10, held: 0 };
    const first = renderPage();
    expect(await screen.findByTestId('withdraw-bonus-note')).toHaveTextContent(
      'A withdrawal pauses your bonus ($10.00) until it is settled: if it is paid, the bonus is lost; if you cancel it or we decline it, the bonus comes back, unless it has expired by then.',
    );
    first.unmount();
    SETTINGS.bonus_at_stake = { active: 0, held: 10 };
    renderPage();
    expect(await screen.findByTestId('withdraw-bonus-note')).toHaveTextContent(
      'Your paused bonus ($10.00) is lost if a pending withdrawal, or a new one, is paid.',
    );
  });

  it('with nothing at stake it says bonus money stays', async () => {
    renderPage();
    expect(await screen.findByTestId('withdraw-bonus-note')).toHaveTextContent(
      'Only the main balance can be withdrawn; bonus money stays to be wagered.',
    );
  });

  it.each([
    [
      'en',
      'Withdraw and give up your bonus?',
      'Your bonus is paused while the withdrawal waits for approval, and lost when it is paid. If you cancel the withdrawal or we decline it, the bonus comes back, unless it has expired by then. You lose $10.00 of bonus money if the withdrawal is paid.',
    ],
    [
      'de',
      'Auszahlen und auf den Bonus verzichten?',
      'Du verlierst $10.00 Bonusgeld, wenn die Auszahlung ausgezahlt wird.',
    ],
  ])(
    'the burn-bonuses confirm says the bonus is lost only if the withdrawal is paid (%s)',
    async (locale, title, words) => {
      SETTINGS.bonus_at_stake = { active: 10, held: 0 };
      refusal = {
        type: 'InvalidParameterException',
        error_data: { invalid_parameters: { burn_bonuses: 'required' }, burn_amount: 10, currency: 'USD' },
      };
      renderPage(locale);
      const user = userEvent.setup();
      const field = await screen.findByRole('textbox', { name: /Amount|Betrag/ });
      await user.type(field, '20');
      await user.click(screen.getByTestId('withdraw-submit'));
      const confirm = await screen.findByRole('alertdialog');
      expect(confirm).toHaveAccessibleName(title);
      expect(within(confirm).getByTestId('burn-bonuses-confirm')).toHaveTextContent(words);
      expect(screen.queryByTestId('withdraw-refusal')).toBeNull();
    },
  );

  it('the pending list names the bonus its withdrawals hold, and the cancel toast says it is back', async () => {
    SETTINGS.bonus_at_stake = { active: 0, held: 10 };
    pendingItems = [
      {
        id: 'w1',
        type: 'withdrawal',
        status: 'pending',
        amount: 20,
        currency: 'USD',
        method: 'ewallet',
        requisites: {},
        created_at: 1_800_000_000,
        updated_at: 1_800_000_000,
        can_cancel: true,
        reason: null,
      },
    ];
    cancelAnswer = { transaction_id: 'w1', status: 'cancelled', bonus_returned: 10 };
    renderPage();
    expect(await screen.findByTestId('pending-bonus-note')).toHaveTextContent(
      'Your bonus ($10.00) is paused while these wait. It is lost if one of them is paid; if they are all cancelled or declined, it comes back, unless it has expired by then.',
    );
    const user = userEvent.setup();
    const cancelButton = screen.getByTestId('cancel-withdrawal');
    cancelButton.focus();
    await user.keyboard('{Enter}');
    // A cancel moves money: it asks first, and keeping the withdrawal (the focused answer) sends nothing.
    const question = await screen.findByRole('alertdialog', { name: 'Cancel this withdrawal?' });
    expect(question).toHaveTextContent(
      'Your $20.00 withdrawal will be stopped and the money goes back to your balance. Your paused bonus ($10.00) comes back too',
    );
    expect(within(question).getByRole('button', { name: 'Keep withdrawal' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(cancelRequests).toBe(0);
    await user.click(cancelButton);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel withdrawal' }),
    );
    expect(
      await screen.findByText(
        'The withdrawal has been cancelled: the money is back on your balance and your bonus ($10.00) is back too.',
      ),
    ).toBeInTheDocument();
  });
});
