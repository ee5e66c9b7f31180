import '@testing-library/jest-dom/vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from './dialog-host.tsx';
import { fillDialogPlace, openDialogPlace, type TPlaceProps } from './dialog-places.tsx';
import { createDialogStore, type TDialogStore } from './dialog-store.ts';
import { DialogStoreContext } from './use-dialogs.ts';

const mount = () => {
  const store = createDialogStore();
  const view = render(
    <DialogStoreContext value={store}>
      <button type="button">outside</button>
      <DialogHost />
    </DialogStoreContext>,
  );
  return { store, ...view };
};

const openSimple = (store: TDialogStore, title: string, extra: Parameters<TDialogStore['open']>[0] = {}) =>
  act(() =>
    store.open({
      title,
      render: ({ close }) => (
        <div>
          <input aria-label={`${title} field`} />
          <button type="button" onClick={close}>
            {`${title} done`}
          </button>
        </div>
      ),
      ...extra,
    }),
  );

afterEach(() => {
  document.body.style.overflow = '';
});

describe('DialogHost', () => {
  it('renders a labelled modal dialog, medium by default, with a close button', async () => {
    const { store } = mount();
    openSimple(store, 'Welcome');
    const dialog = screen.getByRole('dialog', { name: 'Welcome' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-dialog-size', 'medium');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('stacks several dialogs; Esc closes only the top one', async () => {
    const user = userEvent.setup();
    const { store } = mount();
    openSimple(store, 'First');
    openSimple(store, 'Second');
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Second' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows queued dialogs one after another', async () => {
    const user = userEvent.setup();
    const { store } = mount();
    act(() => {
      store.enqueue({ title: 'Confirm e-mail', render: () => 'a' });
      store.enqueue({ title: 'Cashback', render: () => 'b' });
      store.enqueue({ title: 'Campaign', render: () => 'c' });
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Confirm e-mail' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Cashback' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Campaign' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('waits for the stack to empty before a queued dialog shows', async () => {
    const user = userEvent.setup();
    const { store } = mount();
    openSimple(store, 'Open now');
    act(() => {
      store.enqueue({ title: 'Later', render: () => 'later' });
    });
    expect(screen.queryByRole('dialog', { name: 'Later' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open now done' }));
    expect(screen.getByRole('dialog', { name: 'Later' })).toBeInTheDocument();
  });

  it('closes on an overlay click', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { store, baseElement } = mount();
    openSimple(store, 'Overlay', { onClose });
    await user.click(baseElement.querySelector('[data-dialog-overlay]')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('prevent-close blocks Esc, the overlay and hides the close button; the content may still close it', async () => {
    const user = userEvent.setup();
    const { store, baseElement } = mount();
    openSimple(store, 'Locked', { preventClose: true });
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(baseElement.querySelector('[data-dialog-overlay]')!);
    expect(screen.getByRole('dialog', { name: 'Locked' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Locked done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('hideClose hides the button but Esc still closes', async () => {
    const user = userEvent.setup();
    const { store } = mount();
    openSimple(store, 'Quiet', { hideClose: true });
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('traps Tab inside the top dialog and returns focus on close', async () => {
    const user = userEvent.setup();
    const { store } = mount();
    const outside = screen.getByRole('button', { name: 'outside' });
    outside.focus();
    openSimple(store, 'Trap');
    const field = screen.getByRole('textbox', { name: 'Trap field' });
    expect(field).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Trap done' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(field).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(outside).toHaveFocus();
  });

  it('locks page scroll while any dialog is open', async () => {
    const user = userEvent.setup();
    const { store } = mount();
    document.body.style.overflow = 'auto';
    openSimple(store, 'One');
    openSimple(store, 'Two');
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('auto');
  });

  it('confirm resolves true on agree and false on reject, as an alertdialog', async () => {
    const user = userEvent.setup();
    const { store } = mount();
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = store.confirm({ title: 'Burn bonuses?', confirm: { content: 'Sure?', agreeText: 'Burn' } });
    });
    expect(screen.getByRole('alertdialog', { name: 'Burn bonuses?' })).toHaveTextContent('Sure?');
    await user.click(screen.getByRole('button', { name: 'Burn' }));
    await expect(answer).resolves.toBe(true);
    act(() => {
      answer = store.confirm({ title: 'Remove?', confirm: { content: 'x' } });
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a curtain is a side panel on the start side by default', () => {
    const { store } = mount();
    openSimple(store, 'Menu', { kind: 'curtain' });
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog).toHaveAttribute('data-dialog-kind', 'curtain');
    expect(dialog.parentElement).toHaveClass('justify-start');
  });

  it('opening the same id replaces the dialog instead of stacking it twice', () => {
    const { store } = mount();
    openSimple(store, 'Auth', { id: 'auth' });
    openSimple(store, 'Auth again', { id: 'auth' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Auth again' })).toBeInTheDocument();
  });

  it('renders nothing on the server', async () => {
    const { renderToString } = await import('react-dom/server');
    const store = createDialogStore();
    store.open({ title: 'x', render: () => 'x' });
    const html = renderToString(
      <DialogStoreContext value={store}>
        <DialogHost />
      </DialogStoreContext>,
    );
    expect(html).toBe('');
  });
});

describe('dialog places', () => {
  it('opens a filled place lazily with its props, and answers null for an empty place', async () => {
    const { store } = mount();
    fillDialogPlace('promo-code-activated', async () => ({
      default: ({ code, dialog }: TPlaceProps<{ code: string }>) => (
        <button type="button" onClick={dialog.close}>{`Activated ${code}`}</button>
      ),
    }));
    expect(openDialogPlace('demo-mode', {}, {}, store)).toBeNull();
    act(() => {
      openDialogPlace('promo-code-activated', { code: 'WELCOME' }, { ariaLabel: 'Promo' }, store);
    });
    const button = await screen.findByRole('button', { name: 'Activated WELCOME' });
    expect(screen.getByRole('dialog', { name: 'Promo' })).toHaveAttribute('data-dialog-size', 'small');
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
