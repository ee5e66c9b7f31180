/** A category icon never shows a broken image: an image that fails, or none, gives way to the name's initial. */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CategoryIcon } from './category-icon';

const chip = (src: string | null, name: string) =>
  render(
    <a href="/gamehall?category=slots">
      <CategoryIcon src={src} name={name} size={20} />
      {name}
    </a>,
  );

describe('the game hall’s category icon', () => {
  // jsdom loads no image: each counts as complete, and as loaded when it has a natural width.
  let naturalWidth = 48;
  beforeEach(() => {
    naturalWidth = 48;
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockImplementation(() => naturalWidth);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the operator’s image, decorative, the link named by the category', () => {
    chip('/_ipx/s_48x48/slots.svg', 'Slots');
    expect(screen.getByTestId('category-icon')).toHaveAttribute('alt', '');
    expect(screen.getByRole('link', { name: 'Slots' })).toBeInTheDocument();
  });

  it('gives way to the initial when the image fails, the name kept', () => {
    chip('/_ipx/s_48x48/missing.svg', 'Table games');
    fireEvent.error(screen.getByTestId('category-icon'));
    expect(screen.queryByTestId('category-icon')).toBeNull();
    expect(screen.getByTestId('category-icon-fallback')).toHaveTextContent('T');
    expect(screen.getByTestId('category-icon-fallback')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('link', { name: 'Table games' })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('catches an image that failed before hydration (complete, no width)', () => {
    naturalWidth = 0;
    chip('/_ipx/s_48x48/missing.svg', 'Live casino');
    expect(screen.getByTestId('category-icon-fallback')).toHaveTextContent('L');
  });

  it('shows the initial when the category has no image (any script)', () => {
    chip('', 'ألعاب سريعة');
    expect(screen.getByTestId('category-icon-fallback')).toHaveTextContent('أ');
    expect(screen.getByRole('link', { name: 'ألعاب سريعة' })).toBeInTheDocument();
  });
});
