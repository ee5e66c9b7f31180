/** The confirm e-mail dialog takes a code of the operator's length (spec §3 validator config `code`). */
import '@testing-library/jest-dom/vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import ConfirmEmailDialog from './confirm-email-dialog';

const renderDialog = (codeLength?: number) => {
  const site = {
    locale: 'en',
    defaultLocale: 'en',
    locales: [{ code: 'en' }],
    cms: { flags: {}, ...(codeLength && { validators: { codeLength } }) },
  };
  const dialog = { close: vi.fn() } as never;
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', loader: () => site, element: <ConfirmEmailDialog dialog={dialog} /> }],
    { initialEntries: ['/'], hydrationData: { loaderData: { root: site } } },
  );
  renderWithSite(router);
};

const calls = (fetch: ReturnType<typeof vi.fn>, name: string) =>
  fetch.mock.calls.filter(([url]) => String(url).includes(name)).length;

describe('the confirm e-mail dialog', () => {
  const fetch = vi.fn(
    async (_url: unknown, _init?: unknown) => new Response(JSON.stringify({ data: 1, error: null })),
  );
  beforeEach(() => {
    fetch.mockClear();
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  const sendAndType = async (code: string) => {
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const input = await screen.findByLabelText('Confirmation code');
    fireEvent.change(input, { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    return input;
  };

  it('asks for the operator’s 8 digits: says so, takes 8 and refuses 6 before the server', async () => {
    renderDialog(8);
    const input = await sendAndType('123456');
    expect(input).toHaveAttribute('maxLength', '8');
    expect(screen.getByText(/We have sent a 8-digit code/)).toBeInTheDocument();
    expect(await screen.findByText('The confirmation code is wrong')).toBeInTheDocument();
    expect(calls(fetch, 'confirmContact')).toBe(0);
    fireEvent.change(input, { target: { value: '12345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(calls(fetch, 'confirmContact')).toBe(1));
  });

  it('keeps the spec’s 6 when the operator set nothing', async () => {
    renderDialog();
    const input = await sendAndType('123456');
    expect(input).toHaveAttribute('maxLength', '6');
    await vi.waitFor(() => expect(calls(fetch, 'confirmContact')).toBe(1));
  });
});
