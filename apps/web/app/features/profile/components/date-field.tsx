/** A dd.mm.yyyy date input (spec §9) holding an ISO value; a wrong or unfinished date says so on leaving. */
import { useState } from 'react';
import { dotDate, dottedToIso, isoToDotted } from '../../../lib/date-input';
import { useTranslation } from '../../../lib/i18n-lite';
import { profileFieldMessage } from '../lib/messages';
import { Input } from './controls';

export function DateField({
  label,
  value,
  onValue,
  name,
}: {
  label: string;
  value: string;
  onValue: (iso: string) => void;
  name?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => isoToDotted(value));
  const [error, setError] = useState('');
  return (
    <Input
      label={label}
      name={name}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      placeholder={t('profile.bets.datePlaceholder', { defaultValue: 'dd.mm.yyyy' })}
      error={error}
      onValue={(typed) => {
        const dotted = dotDate(typed);
        setText(dotted);
        setError('');
        onValue(dottedToIso(dotted) ?? '');
      }}
      onBlur={() =>
        setError(text !== '' && dottedToIso(text) === null ? profileFieldMessage(t, 'wrongDate') : '')
      }
    />
  );
}
