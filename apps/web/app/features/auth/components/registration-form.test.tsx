import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import {
  DEFAULT_REGISTRATION_CONFIG,
  parseRegistrationConfig,
  type TRegistrationConfig,
} from '../lib/registration-config.ts';
import { fakeAuthApi, lastLocation, renderAuth, resetDialogs } from '../test/render-auth.tsx';

// After a registration the popup asks the bonuses for an unseen cashback and a campaign popup (real API calls, to
// a server these tests do not run); here they find nothing.
vi.mock('../../bonuses/unseen-cashback', () => ({ checkUnseenCashback: vi.fn(async () => undefined) }));
vi.mock('../../bonuses/campaign-popups', () => ({ checkCampaignPopups: vi.fn(async () => undefined) }));

afterEach(() => {
  resetDialogs();
  vi.useRealTimers();
});

const fullOnly: TRegistrationConfig = {
  ...DEFAULT_REGISTRATION_CONFIG,
  authTypes: DEFAULT_REGISTRATION_CONFIG.authTypes.filter((a) => a.id === 'form'),
  fields: [
    ...DEFAULT_REGISTRATION_CONFIG.fields.map((f) =>
      f.sysname === 'country_code' ? { ...f, params: { is_required: true, is_visible: true } } : f,
    ),
    {
      sysname: 'password_confirmation',
      type: 'password',
      params: { is_required: true, is_visible: true },
      options: {},
    },
  ],
  terms: { isActive: true, defaultValue: false },
};

const fill = (label: string, value: string) => {
  const element = screen.getByLabelText(label);
  if (element.tagName === 'SELECT') fireEvent.change(element, { target: { value } });
  else fireEvent.input(element, { target: { value } });
};

describe('registration view', () => {
  it('waits for the operator config, so its boxes start as the operator set them (news and offers unticked)', async () => {
    let arrive: (raw: unknown) => void = () => undefined;
    const api = fakeAuthApi();
    api.getRegistrationConfig = vi.fn(() => new Promise((resolve) => (arrive = resolve)));
    renderAuth({ view: 'registration', api, configLoads: true });
    expect(await screen.findByRole('status', { name: '' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await act(async () => arrive({ notify: { isActive: true, defaultValue: false } }));
    const news = await screen.findByRole('checkbox', { name: 'I want to receive news and offers by email' });
    expect(news).not.toBeChecked();
  });

  it('shows the method switcher when there is more than one method; fast asks only the required fields', async () => {
    const user = userEvent.setup();
    renderAuth({ view: 'registration' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Quick', 'Full form', 'Social networks']);
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Full form' }));
    expect(screen.getByLabelText('First name')).toBeInTheDocument();
  });

  it('full beside fast makes every field required; fast does not', async () => {
    const user = userEvent.setup();
    const { api } = renderAuth({ view: 'registration' });
    await user.click(screen.getByRole('tab', { name: 'Full form' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const firstName = screen.getByLabelText('First name');
    await waitFor(() => expect(firstName).toHaveAttribute('aria-invalid', 'true'));
    expect(firstName.parentElement?.parentElement).toHaveTextContent('Value is required');
    expect(api.register).not.toHaveBeenCalled();
  });

  it('without a fast form, optional fields stay optional and only a single method shows no switcher', async () => {
    const user = userEvent.setup();
    const { api } = renderAuth({
      view: 'registration',
      config: { ...fullOnly, terms: { isActive: false, defaultValue: false } },
    });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    fill('Email', 'new@example.com');
    fill('Password', 'secret12');
    fill('Repeat password', 'secret12');
    fill('Country', 'DE');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(api.register).toHaveBeenCalledOnce());
  });

  it('reads the operator file: each method shows its own fields, the quick one only the required ones (the country among them)', async () => {
    const user = userEvent.setup();
    const file = readFileSync(
      join(import.meta.dirname, '../../../../../../content/registration-config.json'),
      'utf8',
    );
    renderAuth({ view: 'registration', config: parseRegistrationConfig(JSON.parse(file)) });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Full form',
      'Quick',
      'Social networks',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Quick' }));
    const quick = ['Email', 'Password', 'Currency', 'Country', 'First name', 'Date of birth'].filter(
      (label) => screen.queryByLabelText(label) !== null,
    );
    expect(quick).toEqual(['Email', 'Password', 'Currency', 'Country']);
    await user.click(screen.getByRole('tab', { name: 'Full form' }));
    expect(screen.getByLabelText('Country')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toBeInTheDocument();
  });

  it('a quick form that shows an optional country sends the country picked, and does not demand it', async () => {
    const user = userEvent.setup();
    const quickWithCountry: TRegistrationConfig = {
      ...DEFAULT_REGISTRATION_CONFIG,
      terms: { isActive: false, defaultValue: false },
      authTypes: DEFAULT_REGISTRATION_CONFIG.authTypes.map((a) =>
        a.id === 'fast' ? { ...a, fields: ['email', 'password', 'currency', 'country_code'] } : a,
      ),
      fields: DEFAULT_REGISTRATION_CONFIG.fields.map((f) =>
        f.sysname === 'country_code' ? { ...f, params: { is_required: true, is_visible: true } } : f,
      ),
    };
    const { api } = renderAuth({ view: 'registration', config: quickWithCountry });
    fill('Email', 'quick@example.com');
    fill('Password', 'secret12');
    fill('Country', 'DE');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(api.register).toHaveBeenCalledOnce());
    expect(vi.mocked(api.register).mock.calls[0]![0]).toMatchObject({
      form_type: 'fast',
      country_code: 'DE',
      currency: 'USD',
    });
  });

  it('the default quick form asks nothing that is not required', async () => {
    const user = userEvent.setup();
    const { api } = renderAuth({
      view: 'registration',
      config: { ...DEFAULT_REGISTRATION_CONFIG, terms: { isActive: false, defaultValue: false } },
    });
    expect(screen.queryByLabelText('Country')).not.toBeInTheDocument();
    fill('Email', 'quick2@example.com');
    fill('Password', 'secret12');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(api.register).toHaveBeenCalledOnce());
  });

  it('shows each §5 popup message', async () => {
    const user = userEvent.setup();
    renderAuth({ view: 'registration', config: fullOnly });
    const messageOf = (label: string) => screen.getByLabelText(label).closest('div.flex-col');
    fill('Email', 'not-an-email');
    fill('Password', 'abc');
    fill('Repeat password', 'abd');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(messageOf('Email')).toHaveTextContent('Value is not a valid email address'));
    expect(messageOf('Password')).toHaveTextContent('This field should be at least 6 characters long');
    expect(messageOf('Repeat password')).toHaveTextContent('The value must be equal to the Password value');
    expect(messageOf('Country')).toHaveTextContent('Value is required');
    fill('Password', 'a'.repeat(21));
    await waitFor(() => expect(messageOf('Password')).toHaveTextContent('The maximum length allowed is 20'));
    expect(screen.getByRole('checkbox', { name: /Terms and Conditions/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('validates eagerly on blur when configured eager', async () => {
    const user = userEvent.setup();
    renderAuth({ view: 'registration', config: { ...fullOnly, validationStrategy: 'eager' } });
    await user.type(screen.getByLabelText('Email'), 'bad');
    await user.tab();
    expect(await screen.findByText('Value is not a valid email address')).toBeInTheDocument();
  });

  it('validates only on submit when configured onSubmit', async () => {
    const user = userEvent.setup();
    renderAuth({ view: 'registration', config: { ...fullOnly, validationStrategy: 'onSubmit' } });
    await user.type(screen.getByLabelText('Email'), 'bad');
    await user.tab();
    expect(screen.queryByText('Value is not a valid email address')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Value is not a valid email address')).toBeInTheDocument();
  });

  it('maps server invalid_parameters onto fields, swapping phone and mobile', async () => {
    const user = userEvent.setup();
    const register = vi.fn(async () => {
      throw new ApiError(
        'InvalidParameterException',
        { invalid_parameters: { email: 'alreadyExists', mobile: 'wrongPhoneFormat' } },
        400,
      );
    });
    renderAuth({
      view: 'registration',
      api: fakeAuthApi({ register }),
      config: { ...fullOnly, terms: { isActive: false, defaultValue: false } },
    });
    fill('Email', 'taken@example.com');
    fill('Password', 'secret12');
    fill('Repeat password', 'secret12');
    fill('Country', 'DE');
    fill('Phone number', '15123456789');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This value is already in use')).toBeInTheDocument();
    expect(screen.getByText('Wrong phone number format')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the general notice when the server error has no field', async () => {
    const user = userEvent.setup();
    const register = vi.fn(async () => {
      throw new ApiError('InternalServerErrorException', {}, 500);
    });
    renderAuth({
      view: 'registration',
      api: fakeAuthApi({ register }),
      config: { ...fullOnly, terms: { isActive: false, defaultValue: false } },
    });
    fill('Email', 'new@example.com');
    fill('Password', 'secret12');
    fill('Repeat password', 'secret12');
    fill('Country', 'DE');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(/Registration failed/)).toBeInTheDocument();
  });

  it('sends no empty values and no hasPromocode; then register=success on the deposit page', async () => {
    const user = userEvent.setup();
    const { api } = renderAuth({ view: 'registration', config: fullOnly, url: '/' });
    fill('Email', 'new@example.com');
    fill('Password', 'secret12');
    fill('Repeat password', 'secret12');
    fill('Country', 'DE');
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(api.register).toHaveBeenCalledOnce());
    const payload = vi.mocked(api.register).mock.calls[0]![0];
    expect(payload).toMatchObject({
      login: 'new@example.com',
      email: 'new@example.com',
      password: 'secret12',
      currency: 'USD',
      country_code: 'DE',
      notify: '1',
      terms: '1',
      locale: 'en',
    });
    expect(Object.values(payload)).not.toContain('');
    expect(payload).not.toHaveProperty('hasPromocode');
    expect(payload).not.toHaveProperty('promo_code');
    expect(payload).not.toHaveProperty('first_name');
    await waitFor(() => expect(lastLocation.current).toBe('/cashier/deposit?register=success'));
  });

  it('goes to redirectUrl instead of the deposit page when there is one', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/?redirectUrl=%2Fprofile%2Fbonuses');
    renderAuth({
      view: 'registration',
      config: { ...fullOnly, terms: { isActive: false, defaultValue: false } },
      url: '/?redirectUrl=%2Fprofile%2Fbonuses',
    });
    fill('Email', 'new@example.com');
    fill('Password', 'secret12');
    fill('Repeat password', 'secret12');
    fill('Country', 'DE');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(lastLocation.current).toBe('/profile/bonuses?register=success'));
    window.history.replaceState(null, '', '/');
  });

  it('a country change reloads the personal fields and resets region, document type and currency', async () => {
    const getPersonalDataFields = vi.fn(async (country: string) => [
      {
        sysname: 'region',
        type: 'region' as const,
        params: { is_required: true, is_visible: true },
        options: {
          list:
            country === 'US'
              ? [
                  { value: 'AL', label: 'Alabama' },
                  { value: 'AK', label: 'Alaska' },
                ]
              : [{ value: 'SP', label: 'São Paulo' }],
        },
      },
    ]);
    const config: TRegistrationConfig = {
      ...fullOnly,
      fields: [
        ...fullOnly.fields,
        { sysname: 'region', type: 'region', params: { is_required: false, is_visible: true }, options: {} },
      ],
    };
    renderAuth({ view: 'registration', config, api: fakeAuthApi({ getPersonalDataFields }) });
    fill('Country', 'US');
    await waitFor(() => expect(getPersonalDataFields).toHaveBeenCalledWith('US'));
    const region = await screen.findByRole('option', { name: 'Alaska' });
    fireEvent.change(region.closest('select')!, { target: { value: 'AK' } });
    fill('Country', 'BR');
    await waitFor(() => expect(getPersonalDataFields).toHaveBeenCalledWith('BR'));
    await waitFor(() => expect(screen.getByLabelText('Region')).toHaveValue('SP'));
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
  });

  it('checks the promo code 300 ms after the last change, with a loader and a check icon', async () => {
    vi.useFakeTimers();
    const checkPromocode = vi.fn(async () => 'valid' as const);
    renderAuth({ view: 'registration', api: fakeAuthApi({ checkPromocode }), config: fullOnly });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have a promo code' }));
    fill('Promo code', ' WEL');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    fill('Promo code', ' WELCOME ');
    expect(screen.getByRole('status', { name: 'Checking the promo code…' })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(checkPromocode).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(checkPromocode).toHaveBeenCalledOnce();
    expect(checkPromocode).toHaveBeenCalledWith('WELCOME');
    expect(screen.getByRole('img', { name: 'Promo code accepted' })).toBeInTheDocument();
  });

  it('an invalid promo shows the promo error; a missing check call is no error', async () => {
    vi.useFakeTimers();
    const checkPromocode = vi.fn().mockResolvedValueOnce('invalid').mockResolvedValueOnce('unavailable');
    renderAuth({ view: 'registration', api: fakeAuthApi({ checkPromocode }), config: fullOnly });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have a promo code' }));
    fill('Promo code', 'NOPE');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.getByText('This promo code is not valid')).toBeInTheDocument();
    fill('Promo code', 'MAYBE');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.queryByText('This promo code is not valid')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Promo code accepted' })).not.toBeInTheDocument();
  });

  it('the social terms gate blocks the click and marks the error until the terms are accepted', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const config = {
      ...fullOnly,
      authTypes: DEFAULT_REGISTRATION_CONFIG.authTypes.filter((a) => a.id !== 'fast'),
    };
    renderAuth({ view: 'registration', config });
    const social = screen.getByRole('region', { name: 'Or register with' });
    await user.click(within(social).getByRole('button', { name: 'Continue with Google' }));
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: /Terms and Conditions/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await user.click(within(social).getByRole('button', { name: 'Continue with Google' }));
    expect(open).toHaveBeenCalledOnce();
    const [url, , features] = open.mock.calls[0]!;
    // The ticked terms go with it: the server makes a new account only then (issue 41).
    expect(String(url)).toMatch(
      /^\/oauth\/init\?service=google&redirect_url=.+&type_auth=registration&terms=1$/,
    );
    expect(features).toContain('width=640,height=480');
    open.mockRestore();
  });

  it('the terms label keeps only safe markup', () => {
    renderAuth({ view: 'registration', config: fullOnly });
    const link = screen.getByRole('link', { name: 'Terms and Conditions' });
    expect(link).toHaveAttribute('href', '/terms-and-conditions');
  });
});
