import { describe, expect, it } from 'vitest';
import { amountLabel, amountParam, checkAmount, formatAmountInput, presetsFor } from './amount';
import { amountSign } from './history-items';
import { NO_OFFER, offerBonus, type TOffer, visibleOffers } from './offers';
import {
  isSafePaymentUrl,
  payFlowFor,
  rememberedPaymentUrl,
  rememberPaymentUrl,
  resultPathOf,
  waitingPath,
} from './pay-flow';
import { checkRequisite, formatRequisite, requisiteParam } from './requisites';
import { gateOfError, gatesOfSettings } from './withdraw-gates';

describe('amount (spec §5 Sum, §9 thousands commas)', () => {
  it('groups thousands while typing and keeps at most two decimals', () => {
    expect(formatAmountInput('1234567')).toBe('1,234,567');
    expect(formatAmountInput('1,2345.678')).toBe('12,345.67');
    expect(formatAmountInput('abc12x')).toBe('12');
    expect(formatAmountInput('.5')).toBe('0.5');
    expect(formatAmountInput('')).toBe('');
    expect(amountParam('12,345.50')).toBe('12345.50');
  });

  it('checks digits only, no leading zero and the bounds, commas stripped first', () => {
    expect(checkAmount('', 10, 5000)).toBe('requiredField');
    expect(checkAmount('12a', 10, 5000)).toBe('wrongField');
    expect(checkAmount('0100', 10, 5000)).toBe('sumError');
    expect(checkAmount('9.99', 10, 5000)).toBe('sumError');
    expect(checkAmount('5,000.01', 10, 5000)).toBe('sumError');
    expect(checkAmount('5,000', 10, 5000)).toBeNull();
    expect(checkAmount('10', 10, 5000)).toBeNull();
  });

  it('labels a valid amount for the submit button only', () => {
    expect(amountLabel('1,500', 10, 5000, 'USD')).toBe('$1,500.00');
    expect(amountLabel('5', 10, 5000, 'USD')).toBe('');
  });

  it("picks the presets of the player's currency within the method's bounds", () => {
    const presets = [
      { currency: 'USD', amount: [{ value: 20 }, { value: 50 }, { value: 5000 }] },
      { currency: 'EUR', amount: [{ value: 25 }] },
    ];
    expect(presetsFor(presets, 'EUR')).toEqual([25]);
    expect(presetsFor(presets, 'GBP')).toEqual([20, 50, 5000]);
    expect(presetsFor(presets, 'USD', { min: 30, max: 2000 })).toEqual([50]);
  });
});

describe('deposit offers (spec §6)', () => {
  const offer = (id: number, trigger: TOffer['trigger']): TOffer => ({ id, trigger });
  const card = { id: 1, sysname: 'card' };
  it('shows an offer to a player who satisfies its conditions and hides it otherwise', () => {
    const offers = [offer(1, { user_satisfies_params: true }), offer(2, { user_satisfies_params: false })];
    expect(visibleOffers(offers, { signedIn: true, method: card }).map((o) => o.id)).toEqual([1]);
    expect(visibleOffers(offers, { signedIn: false, method: card }).map((o) => o.id)).toEqual([1, 2]);
  });

  it('hides an offer when the selected method is excluded, by sysname or id', () => {
    const offers = [
      offer(1, { user_satisfies_params: true, params: { exclude_methods: ['card'] } }),
      offer(2, { user_satisfies_params: true, params: { exclude_methods: '3, 1' } }),
      offer(3, { user_satisfies_params: true, params: { exclude_methods: ['ewallet'] } }),
    ];
    expect(visibleOffers(offers, { signedIn: true, method: card }).map((o) => o.id)).toEqual([3]);
    expect(visibleOffers(offers, { signedIn: true, method: null }).map((o) => o.id)).toEqual([1, 2, 3]);
    expect(NO_OFFER).toBe(-1);
  });

  it("computes the bonus by the server's rule: floor of the percent, capped, nothing below the minimum", () => {
    const half: TOffer = {
      id: 2,
      trigger: { params: { min_amount: 20 } },
      promotions: [{ type: 'bonus', percent: 50, max_amount: 100, wager: 30 }],
    };
    expect(offerBonus(half, '33.33')).toEqual({ kind: 'bonus', cents: 1_666n });
    expect(offerBonus(half, '1,000')).toEqual({ kind: 'bonus', cents: 10_000n });
    expect(offerBonus(half, '19.99')).toEqual({ kind: 'below', min: 20 });
    expect(offerBonus(half, '')).toEqual({ kind: 'none' });
    expect(offerBonus(half, '1.234')).toEqual({ kind: 'none' });
    expect(offerBonus({ id: 3, promotions: [] }, '50')).toEqual({ kind: 'none' });
  });
});

describe('withdrawal requisites (spec §5)', () => {
  it('checks card holder, card number (Luhn or masked) and IBAN', () => {
    expect(checkRequisite('card_holder', "Anne-Marie O'Neil")).toBeNull();
    expect(checkRequisite('card_holder', 'R2D2')).toBe('wrongField');
    expect(checkRequisite('card_holder', ' ')).toBe('requiredField');
    expect(checkRequisite('card_number', '4242 4242 4242 4242')).toBeNull();
    expect(checkRequisite('card_number', '4242 4242 4242 4241')).toBe('wrongCardNumber');
    expect(checkRequisite('card_number', '424242...4242')).toBeNull();
    expect(checkRequisite('iban', 'DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(checkRequisite('iban', 'DE89 3704 0044 0532 0130 01')).toBe('wrongIban');
    expect(checkRequisite('email', '', false)).toBeNull();
  });

  it('formats card numbers and IBANs in groups of four and sends them without spaces', () => {
    expect(formatRequisite('card_number', '4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatRequisite('iban', 'de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(requisiteParam('iban', 'DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(requisiteParam('card_holder', ' Jane ')).toBe('Jane');
  });
});

describe('withdrawal gates (spec §8)', () => {
  it('turns the two exceptions into buttons, keeping a server link only when it is a site page', () => {
    expect(gateOfError('UserNeedConfirmContactException', { link: '/profile/personal', show: true })).toEqual(
      {
        kind: 'confirm-contact',
        link: '/profile/settings',
        show: true,
      },
    );
    expect(gateOfError('KycWithdrawalException', { link: '/profile/verification', show: false })).toEqual({
      kind: 'kyc',
      link: '/profile/verification',
      show: false,
    });
    expect(gateOfError('WithdrawalLimitsExceededException', {})).toBeNull();
  });

  it('knows the gates before a submit from the withdraw settings', () => {
    const settings = { has_confirmed_contact: false, is_verified: false, kyc_threshold: 2000 };
    expect(gatesOfSettings(settings, 100).map((g) => g.kind)).toEqual(['confirm-contact']);
    expect(gatesOfSettings({ ...settings, has_confirmed_contact: true }, 2500).map((g) => g.kind)).toEqual([
      'kyc',
    ]);
    expect(gatesOfSettings({ ...settings, has_confirmed_contact: true, is_verified: true }, 2500)).toEqual(
      [],
    );
  });
});

describe('payment flows', () => {
  it('chooses the mobile flow on phones, else the new window when asked', () => {
    expect(payFlowFor({ isMobile: true, newWindow: true })).toBe('mobile');
    expect(payFlowFor({ isMobile: false, newWindow: true })).toBe('new-window');
    expect(payFlowFor({ isMobile: false, newWindow: false })).toBe('same');
  });

  it('maps a settled status to its result page and waits while open', () => {
    expect(resultPathOf('success', 'a/b')).toBe('/cashier/paysuccess/a%2Fb');
    expect(resultPathOf('failed', 't')).toBe('/cashier/payfail/t');
    expect(resultPathOf('cancelled', 't')).toBe('/cashier/paycancel?transaction=t');
    // Expired or refunded (past the deposit limit, after a cancel): not credited, so not the success page.
    expect(resultPathOf('expired', 't')).toBe('/cashier/payfail/t');
    expect(resultPathOf('refunded', 't')).toBe('/cashier/payfail/t');
    expect(resultPathOf('pending', 't')).toBeNull();
    expect(resultPathOf('new', 't')).toBeNull();
    expect(waitingPath('mobile', 't')).toBe('/cashier/paymobile?transaction=t');
  });

  it("keeps the mobile flow's payment page in the tab, never in the waiting page's address", () => {
    const store = new Map<string, string>();
    const storage = {
      setItem: (k: string, v: string) => void store.set(k, v),
      getItem: (k: string) => store.get(k) ?? null,
    };
    expect(rememberedPaymentUrl(storage, 't1')).toBeNull();
    rememberPaymentUrl(storage, 't1', 'https://pay.test/s/1');
    expect(rememberedPaymentUrl(storage, 't1')).toBe('https://pay.test/s/1');
    expect(rememberedPaymentUrl(storage, 't2')).toBeNull();
    rememberPaymentUrl(storage, 't3', 'javascript:alert(1)');
    expect(rememberedPaymentUrl(storage, 't3')).toBeNull();
    expect(waitingPath('mobile', 't1')).not.toContain('url=');
  });

  it('opens only web pages as the payment page', () => {
    expect(isSafePaymentUrl('https://pay.test/s/1')).toBe(true);
    expect(isSafePaymentUrl('/sandbox-pay/1')).toBe(true);
    expect(isSafePaymentUrl('javascript:alert(1)')).toBe(false);
  });
});

describe('history amounts', () => {
  it('are signed only where money moved: a completed deposit, a withdrawal held or paid', () => {
    expect(amountSign('deposit', 'success')).toBe('+');
    for (const status of ['new', 'pending', 'failed', 'cancelled', 'expired', 'refunded'])
      expect(amountSign('deposit', status)).toBe('');
    expect(amountSign('withdrawal', 'pending')).toBe('−');
    expect(amountSign('withdrawal', 'success')).toBe('−');
    expect(amountSign('withdrawal', 'cancelled')).toBe('');
    expect(amountSign('withdrawal', 'failed')).toBe('');
  });
});
