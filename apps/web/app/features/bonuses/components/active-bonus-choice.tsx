/**
 * The body of the bonus activate confirm when another bonus of the type is active (issue 36): one plays at a time,
 * so the player chooses what happens to the active one — paused (it keeps its money and progress and is the next
 * to start) or given up (its bonus money lost). The choice is read by the confirm's agree.
 */

import type { TActiveBonusChoice } from '@casino/contracts/calls/bonuses';
import { useId, useState } from 'react';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TBonus } from '../api/bonuses-api';

interface TProps {
  active: TBonus;
  currency: string;
  /** Holds the choice for the confirm's agree; starts at `deactivate`. */
  choice: { current: TActiveBonusChoice };
}

export function ActiveBonusChoice({ active, currency, choice }: TProps) {
  const { t } = useTranslation();
  const name = useId();
  const [picked, setPicked] = useState<TActiveBonusChoice>(choice.current);
  const pick = (value: TActiveBonusChoice) => {
    choice.current = value;
    setPicked(value);
  };
  const amount = formatAmount(active.balance, currency);
  const options: { value: TActiveBonusChoice; label: string }[] = [
    {
      value: 'deactivate',
      label: t('profile.bonuses.activateChoice.pause', {
        defaultValue: 'Pause it: it keeps its money and progress and is the next to start.',
      }),
    },
    {
      value: 'remove',
      label: t('profile.bonuses.activateChoice.remove', {
        defaultValue: 'Give it up: you lose its bonus money ({amount}) and its wagering progress.',
        amount,
      }),
    },
  ];
  return (
    <fieldset className="flex flex-col gap-3 text-start" data-testid="active-bonus-choice">
      <legend className="mb-2 text-sm text-[var(--text-strong)]">
        {t('profile.bonuses.activateChoice.question', {
          defaultValue: '{title} ({amount}) is active now. What should happen to it?',
          title: active.description.title,
          amount,
        })}
      </legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="flex cursor-pointer items-start gap-2 rounded-lg bg-white/5 p-3 text-sm text-[var(--text-strong)]"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={picked === option.value}
            onChange={() => pick(option.value)}
            className="mt-0.5"
            data-testid={`active-bonus-${option.value}`}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
