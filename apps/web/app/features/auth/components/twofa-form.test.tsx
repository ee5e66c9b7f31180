import '@testing-library/jest-dom/vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import { account, fakeAuthApi, renderAuth, resetDialogs } from '../test/render-auth.tsx';

const twoFactorError = (seconds: number) =>
  new ApiError('AuthorizationException', { message: 'two_factor_enabled', resend_time: seconds }, 401);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  resetDialogs();
  vi.useRealTimers();
});

const flush = async () => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
};

const signIn = async () => {
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'player@example.com' } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret12' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await flush();
};

describe('two-factor step', () => {
  it('moves to twofa on the 2FA error, counts the resend time down, resends on an empty submit', async () => {
    const login = vi
      .fn()
      .mockRejectedValueOnce(twoFactorError(30))
      .mockRejectedValueOnce(twoFactorError(25))
      .mockResolvedValueOnce(account(7));
    renderAuth({ view: 'authorization', api: fakeAuthApi({ login }) });
    await signIn();
    expect(screen.getByRole('dialog', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Your app shows a new code in 30 s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('Your app shows a new code in 20 s');

    // No code: a resend (the same login without code), which restarts the timer from the new resend_time.
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await flush();
    expect(login).toHaveBeenLastCalledWith({ login: 'player@example.com', password: 'secret12' });
    expect(screen.getByRole('timer')).toHaveTextContent('Your app shows a new code in 25 s');

    // A short code is refused on the client with the 6-digit message.
    fireEvent.input(screen.getByLabelText('Code'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await flush();
    expect(screen.getByText('The code must contain 6 digits')).toBeInTheDocument();
    expect(login).toHaveBeenCalledTimes(2);

    fireEvent.input(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await flush();
    expect(login).toHaveBeenLastCalledWith({
      login: 'player@example.com',
      password: 'secret12',
      code: '123456',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('clears the timer at zero and offers the resend button; a wrong code shows its message', async () => {
    const login = vi
      .fn()
      .mockRejectedValueOnce(twoFactorError(2))
      .mockRejectedValueOnce(new ApiError('AuthorizationException', { message: 'invalid_code' }, 401));
    renderAuth({ view: 'authorization', api: fakeAuthApi({ login }) });
    await signIn();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update the countdown' })).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText('Code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await flush();
    expect(screen.getByText('The code is invalid')).toBeInTheDocument();
  });
});
