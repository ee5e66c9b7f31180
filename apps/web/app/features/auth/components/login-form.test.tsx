import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import { account, fakeAuthApi, lastLocation, renderAuth, resetDialogs } from '../test/render-auth.tsx';

afterEach(resetDialogs);

describe('login view', () => {
  it('has the email-labelled login, a password with show/hide, the forgot link and the register button', async () => {
    const user = userEvent.setup();
    renderAuth({ view: 'authorization' });
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Or sign in with' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('dialog', { name: 'Password recovery' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Back to sign in/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('dialog', { name: 'Registration' })).toBeInTheDocument();
  });

  it('shows "Value is required" for empty fields and sends nothing', async () => {
    const user = userEvent.setup();
    const { api } = renderAuth({ view: 'authorization' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Value is required')).toHaveLength(2);
    expect(api.login).not.toHaveBeenCalled();
  });

  it('sends the login without a leading plus and without emoji; success closes and goes to the index', async () => {
    const user = userEvent.setup();
    const { api } = renderAuth({ view: 'authorization', url: '/gamehall' });
    await user.type(screen.getByLabelText('Email'), '+15550001234😀');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.login).toHaveBeenCalledWith({ login: '15550001234', password: 'secret12' });
    expect(lastLocation.current).toBe('/');
  });

  it("goes to the index of the account's locale, not the page's (spec §4 Login step 5, issue 41)", async () => {
    const user = userEvent.setup();
    const api = fakeAuthApi({ login: vi.fn(async () => ({ ...account(7), locale: 'es' })) });
    renderAuth({ view: 'authorization', url: '/gamehall', api });
    await user.type(screen.getByLabelText('Email'), 'player@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(lastLocation.current).toBe('/es'));
  });

  it('shows the wrong-credentials notice on an authorization error', async () => {
    const user = userEvent.setup();
    const api = fakeAuthApi({
      login: vi.fn(async () => {
        throw new ApiError('AuthorizationException', { message: 'wrong_credentials' }, 401);
      }),
    });
    renderAuth({ view: 'authorization', api });
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'nope123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong login or password')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('tells a self-excluded or timed-out player why sign-in is refused and until when', async () => {
    const until = Date.UTC(2026, 11, 24, 9, 5) / 1000;
    const errors = [
      { reason: 'self_excluded', type: 'self_exclusion', until, is_permanent: false },
      { reason: 'self_excluded', type: 'self_exclusion', until: null, is_permanent: true },
    ];
    for (const data of errors) {
      const user = userEvent.setup();
      const api = fakeAuthApi({
        login: vi.fn(async () => {
          throw new ApiError('AccessDeniedException', data, 403);
        }),
      });
      const { unmount } = renderAuth({ view: 'authorization', api });
      await user.type(screen.getByLabelText('Email'), 'a@b.co');
      await user.type(screen.getByLabelText('Password'), 'secret123');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      if (data.is_permanent) expect(await screen.findByText(/permanently self-excluded/)).toBeInTheDocument();
      else
        expect(await screen.findByText(/self-excluded until \d{2}\.12\.2026 \d{1,2}:05/)).toBeInTheDocument();
      expect(screen.queryByText('Wrong login or password')).not.toBeInTheDocument();
      unmount();
      resetDialogs();
    }
  });

  it('an incomplete registration after login opens the non-closable social registration', async () => {
    const user = userEvent.setup();
    const api = fakeAuthApi({
      login: vi.fn(async () => ({ ...account(9), is_registration_completed: false })),
    });
    renderAuth({ view: 'authorization', api });
    await user.type(screen.getByLabelText('Email'), 'tg_user');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Complete your registration' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Complete your registration' })).toBeInTheDocument();
  });

  it('restore sends the login and shows the neutral confirmation', async () => {
    const user = userEvent.setup();
    const { api } = renderAuth({ view: 'restore' });
    await user.click(screen.getByRole('button', { name: 'Restore password' }));
    expect(await screen.findByText('Value is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email or phone'), '+447700900123');
    await user.click(screen.getByRole('button', { name: 'Restore password' }));
    expect(await screen.findByText(/If an account exists/)).toBeInTheDocument();
    expect(api.restore).toHaveBeenCalledWith({ login: '447700900123' });
  });
});
