import '@testing-library/jest-dom/vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from './toast-host.tsx';
import { createToastStore } from './toast-store.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const mount = () => {
  const store = createToastStore();
  render(<ToastHost store={store} />);
  return store;
};

describe('ToastHost', () => {
  it('sits below the header and announces politely', () => {
    mount();
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region.style.top).toBe('var(--header-height, 0px)');
  });

  it('dismisses a toast after 5 seconds by default', () => {
    const store = mount();
    act(() => {
      store.show({ type: 'register', message: 'Welcome aboard' });
    });
    expect(screen.getByText('Welcome aboard')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByText('Welcome aboard')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Welcome aboard')).not.toBeInTheDocument();
  });

  it('honours a configured lifetime in seconds, and 0 keeps it', () => {
    const store = mount();
    act(() => {
      store.show({ type: 'level', message: 'Level up', duration: 2 });
      store.show({ type: 'quest', message: 'Sticky', duration: 0 });
    });
    act(() => vi.advanceTimersByTime(2_100));
    expect(screen.queryByText('Level up')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Sticky')).toBeInTheDocument();
  });

  it('closes by hand', () => {
    const store = mount();
    const onClose = vi.fn();
    act(() => {
      store.show({ type: 'fill_for_deposit', message: 'Fill in your profile', onClose });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Fill in your profile')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('an error toast is an alert; the type is exposed for styling', () => {
    const store = mount();
    act(() => {
      store.show({ type: 'error', message: 'Something went wrong' });
    });
    expect(screen.getByRole('alert')).toHaveAttribute('data-toast-type', 'error');
  });

  it('a delayed toast appears after its delay', () => {
    const store = mount();
    act(() => {
      store.show({ type: 'product', message: 'Bought', delay: 300 });
    });
    expect(screen.queryByText('Bought')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByText('Bought')).toBeInTheDocument();
  });
});
