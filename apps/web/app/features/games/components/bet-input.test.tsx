import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { BetInput } from './bet-input';

const LIMITS = { min: 0.1, max: 100, balance: null };

function Field() {
  const [value, setValue] = useState('5.00');
  return <BetInput value={value} onChange={setValue} limits={LIMITS} />;
}

const renderField = (locale = 'en') => {
  const games = JSON.parse(
    readFileSync(join(import.meta.dirname, `../../../../../../content/locales/${locale}/games.json`), 'utf8'),
  );
  renderWithSite(createMemoryRouter([{ path: '*', element: <Field /> }]), {
    locale,
    messages: locale === 'en' ? {} : { games },
  });
};

describe('the stake field’s ½ and 2× buttons', () => {
  it('are named by what they show, then what they do, and step the bet', async () => {
    renderField();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '2× (double the bet)' }));
    expect(screen.getByTestId('bet-input')).toHaveValue('10.00');
    await user.click(screen.getByRole('button', { name: '½ (halve the bet)' }));
    await user.click(screen.getByRole('button', { name: '½ (halve the bet)' }));
    expect(screen.getByTestId('bet-input')).toHaveValue('2.50');
  });

  it('say what they do in the player’s language', () => {
    renderField('de');
    expect(screen.getByRole('button', { name: '2× (Einsatz verdoppeln)' })).toHaveTextContent('2×');
    expect(screen.getByRole('button', { name: '½ (Einsatz halbieren)' })).toHaveTextContent('½');
  });
});
