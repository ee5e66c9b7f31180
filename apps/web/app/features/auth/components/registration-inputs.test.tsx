/**
 * The registration form's inputs (spec §5, issue 41): the phone in the country's mask with paste-to-country (the
 * profile's input, shared), the password refusal listing the characters it does not take, and a date input that
 * takes only digits and dots up to dd.mm.yyyy.
 */
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_REGISTRATION_CONFIG, type TRegistrationConfig } from '../lib/registration-config.ts';
import { renderAuth, resetDialogs } from '../test/render-auth.tsx';

vi.mock('../../bonuses/unseen-cashback', () => ({ checkUnseenCashback: vi.fn(async () => undefined) }));
vi.mock('../../bonuses/campaign-popups', () => ({ checkCampaignPopups: vi.fn(async () => undefined) }));

afterEach(() => resetDialogs());

const fullOnly: TRegistrationConfig = {
  ...DEFAULT_REGISTRATION_CONFIG,
  authTypes: DEFAULT_REGISTRATION_CONFIG.authTypes.filter((a) => a.id === 'form'),
  terms: { isActive: false, defaultValue: false },
};

const paste = (element: HTMLElement, text: string) =>
  fireEvent.paste(element, { clipboardData: { getData: () => text } });

describe('registration inputs', () => {
  it('shows the phone in the country mask, and a pasted international number picks its country', async () => {
    const user = userEvent.setup();
    const { api } = renderAuth({ view: 'registration', config: fullOnly });
    const code = screen.getByLabelText('Code') as HTMLSelectElement;
    fireEvent.change(code, { target: { value: 'FR' } });
    const phone = screen.getByLabelText('Phone number') as HTMLInputElement;
    await user.type(phone, '612345678');
    expect(phone.value).toBe('6 12 34 56 78');

    paste(phone, '+49 151 2345 6789');
    await waitFor(() => expect(code.value).toBe('DE'));
    expect(phone.value.replace(/\D/g, '')).toBe('15123456789');
    expect(phone.value).not.toBe('15123456789');

    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'phone@example.com' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret12' } });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(api.register).toHaveBeenCalledOnce());
    expect(api.register).toHaveBeenCalledWith(
      expect.objectContaining({ phone: '15123456789', phone_country_code: 'DE' }),
    );
  });

  it('lists the characters the password refuses', async () => {
    const user = userEvent.setup();
    const { api } = renderAuth({ view: 'registration', config: fullOnly });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'chars@example.com' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'sécret€12' } });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('The password contains characters that are not allowed: é €'),
    ).toBeInTheDocument();
    expect(api.register).not.toHaveBeenCalled();
  });

  it('the date of birth takes digits only and dots them as dd.mm.yyyy', async () => {
    const user = userEvent.setup();
    renderAuth({ view: 'registration', config: fullOnly });
    const date = screen.getByLabelText('Date of birth') as HTMLInputElement;
    await user.type(date, '2a5/1-11990123');
    expect(date.value).toBe('25.11.1990');
    expect(date).toHaveAttribute('maxlength', '10');
  });
});

describe('the registration method shown first', () => {
  it("is the operator's first method once its config arrives, until the player picks one", async () => {
    const user = userEvent.setup();
    const { queryClient } = renderAuth({ view: 'registration' });
    expect(screen.getByRole('tab', { name: 'Quick' })).toHaveAttribute('aria-selected', 'true');
    const operator: TRegistrationConfig = {
      ...DEFAULT_REGISTRATION_CONFIG,
      authTypes: ['form', 'fast', 'social'].map(
        (id) => DEFAULT_REGISTRATION_CONFIG.authTypes.find((a) => a.id === id)!,
      ),
    };
    act(() => queryClient.setQueryData(['metadata', 'registrationConfig'], operator));
    expect(await screen.findByLabelText('First name')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Full form' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Quick' }));
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  });
});
