import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PoolAmount } from './pool-amount';

describe('PoolAmount', () => {
  it('shows a pool to the cent and what it carries below a cent, smaller', () => {
    const { container } = render(
      <p>
        <PoolAmount exact="10.005000" currency="USD" />
      </p>,
    );
    expect(container.textContent).toBe('$10.005');
    expect(container.querySelector('span')?.textContent).toBe('5');
  });

  it('shows nothing more when the pool is whole cents', () => {
    const { container } = render(
      <p>
        <PoolAmount exact="10.200000" currency="USD" />
      </p>,
    );
    expect(container.textContent).toBe('$10.20');
    expect(container.querySelector('span')).toBeNull();
  });
});
