import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { estimatedProgress, Loader } from './loader';

const CONFIG = { showPercentProgress: true, logo: '/images/logo.svg', logoAlt: 'Casino' };

describe('the site loader follows the operator’s loader settings (spec §3 loader)', () => {
  it('shows the logo and the percent when showPercentProgress is on', () => {
    render(<Loader config={CONFIG} progress={42} label="Loading…" />);
    const bar = screen.getByRole('progressbar', { name: 'Loading…' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByTestId('loader-percent')).toHaveTextContent('42%');
    expect(screen.getByTestId('loader-logo')).toHaveAttribute('src', '/images/logo.svg');
    expect(screen.getByTestId('loader-logo')).toHaveAttribute('alt', 'Casino');
  });

  it('shows no percent with showPercentProgress off and no image without a logo', () => {
    render(
      <Loader config={{ ...CONFIG, showPercentProgress: false, logo: '' }} progress={42} label="Loading…" />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Loading…' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.queryByTestId('loader-percent')).toBeNull();
    expect(screen.queryByTestId('loader-logo')).toBeNull();
  });

  it('estimates a load’s progress that rises quickly and stays under 90 until the end', () => {
    expect(estimatedProgress(0)).toBe(0);
    expect(estimatedProgress(500)).toBeGreaterThan(20);
    expect(estimatedProgress(3000)).toBeGreaterThan(estimatedProgress(1000));
    expect(estimatedProgress(60_000)).toBe(90);
  });
});
