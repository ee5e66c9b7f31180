/** Focus helpers for modal dialogs: what can take focus, and keeping Tab inside a container. */

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export const focusableWithin = (container: HTMLElement): HTMLElement[] =>
  [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('inert') && !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true',
  );

/** Moves focus into the container: an `[data-autofocus]` element, else its first field, else the container. */
export const focusInitial = (container: HTMLElement) => {
  const preferred = container.querySelector<HTMLElement>('[data-autofocus]');
  const target =
    preferred ??
    focusableWithin(container).find((el) => !el.hasAttribute('data-dialog-close')) ??
    focusableWithin(container)[0] ??
    container;
  target.focus({ preventScroll: true });
};

/** Handles Tab and Shift+Tab so that focus cycles inside the container. */
export const trapTab = (event: KeyboardEvent | React.KeyboardEvent, container: HTMLElement) => {
  if (event.key !== 'Tab') return;
  const items = focusableWithin(container);
  if (items.length === 0) {
    event.preventDefault();
    container.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = container.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || active === container || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
};
