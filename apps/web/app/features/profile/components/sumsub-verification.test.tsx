import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { VerificationPage } from './verification-page';

/** The server's verification state (Sumsub verifies), what the next token request answers, and the SDK's log. */
let state: Record<string, unknown>;
let tokenFails = false;
let noProvider = false;
let tokenRequests = 0;
let handlers: Map<string, (payload: unknown) => void>;
let launches: { token: string; container: HTMLElement }[];

const sumsubState = (extra: Record<string, unknown> = {}) => ({
  status: 'none',
  reason: null,
  reject_type: null,
  applicant_id: 'a1b2c3',
  provider: 'sumsub',
  documents: [],
  missing: [],
  submitted_at: null,
  reviewed_at: null,
  ...extra,
});

beforeEach(() => {
  state = sumsubState();
  tokenFails = false;
  noProvider = false;
  tokenRequests = 0;
  handlers = new Map();
  launches = [];
  vi.stubGlobal('snsWebSdk', {
    init: (token: string) => {
      const builder = {
        withConf: () => builder,
        withOptions: () => builder,
        on: (event: string, handler: (payload: unknown) => void) => {
          handlers.set(event, handler);
          return builder;
        },
        build: () => ({ launch: (container: HTMLElement) => launches.push({ token, container }) }),
      };
      return builder;
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const name = new URL(input, 'http://site.test').pathname.replace('/api/', '');
      const reply = (data: unknown) => new Response(JSON.stringify({ data, error: null }));
      if (name === 'verification.get')
        return noProvider
          ? new Response(
              JSON.stringify({
                data: null,
                error: {
                  type: 'AccessDeniedException',
                  error_data: { reason: 'feature_disabled', feature: 'verification_provider' },
                },
              }),
              { status: 403 },
            )
          : reply(state);
      if (name === 'verification.getAccessToken') {
        tokenRequests += 1;
        return tokenFails
          ? new Response(
              JSON.stringify({ data: null, error: { type: 'UnknownErrorException', error_data: {} } }),
              { status: 500 },
            )
          : reply({ token: `_act-token-${tokenRequests}` });
      }
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
});

const renderPage = () =>
  renderWithSite(
    createMemoryRouter([{ path: '/profile/verification', element: <VerificationPage /> }], {
      initialEntries: ['/profile/verification'],
    }),
  );

describe('verification with Sumsub', () => {
  it("launches Sumsub's WebSDK with our token instead of the uploads, and shows the decision", async () => {
    renderPage();
    await vi.waitFor(() => expect(launches).toHaveLength(1));
    expect(launches[0]?.token).toBe('_act-token-1');
    expect(launches[0]?.container).toBe(screen.getByTestId('sumsub-websdk-container'));
    expect(screen.queryByTestId('upload-id_front')).toBeNull();
    expect(screen.getByTestId('verification-status')).toHaveAttribute('data-status', 'none');
    // Sumsub's webhook verified the player; the SDK says the status changed: the page asks again.
    state = sumsubState({ status: 'verified' });
    handlers.get('idCheck.onApplicantStatusChanged')?.({ reviewStatus: 'completed' });
    await vi.waitFor(() =>
      expect(screen.getByTestId('verification-status')).toHaveAttribute('data-status', 'verified'),
    );
    expect(screen.getByTestId('verification-status')).toHaveTextContent('Your identity is verified');
    expect(screen.queryByTestId('sumsub-verification')).toBeNull();
  });

  it('a retry keeps the WebSDK for new documents; a final rejection says so and offers nothing more', async () => {
    state = sumsubState({ status: 'rejected', reason: 'Blurry photo', reject_type: 'retry' });
    const { unmount } = renderPage();
    const badge = await screen.findByTestId('verification-status');
    expect(badge).toHaveTextContent('Blurry photo');
    expect(badge).toHaveTextContent('Please send your documents again.');
    await vi.waitFor(() => expect(launches).toHaveLength(1));
    unmount();
    state = sumsubState({ status: 'rejected', reason: '', reject_type: 'final' });
    renderPage();
    expect(await screen.findByTestId('verification-status')).toHaveTextContent('This decision is final.');
    expect(screen.queryByTestId('sumsub-verification')).toBeNull();
  });

  it('says when the verification service cannot be opened, and tries again', async () => {
    tokenFails = true;
    renderPage();
    const failed = await screen.findByText('The verification service could not be opened. Please try again.');
    expect(launches).toHaveLength(0);
    tokenFails = false;
    await userEvent.setup().click(within(failed.closest('div') as HTMLElement).getByRole('button'));
    await vi.waitFor(() => expect(launches).toHaveLength(1));
  });

  it('says verification is not available when no provider serves the site (production without Sumsub)', async () => {
    noProvider = true;
    renderPage();
    expect(await screen.findByText('Identity verification is not available right now.')).toBeInTheDocument();
    expect(launches).toHaveLength(0);
    expect(tokenRequests).toBe(0);
  });
});
