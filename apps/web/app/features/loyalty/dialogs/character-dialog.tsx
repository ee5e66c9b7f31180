/** The loyalty character change dialog (§2): pick one of the characters, confirm, save. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';
import { toast } from '../../../ui/toasts';
import { charactersQuery, loyaltyKeys, saveCharacter } from '../api/loyalty-api';
import { confirmCharacter } from './loyalty-confirms';

export default function CharacterDialog({ currentId, dialog }: TPlaceProps<{ currentId: number | null }>) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const characters = useQuery(charactersQuery(i18n.language));
  const [chosen, setChosen] = useState<number | null>(currentId);
  const save = async () => {
    const character = characters.data?.items.find((c) => c.id === chosen);
    if (!character) return;
    const question = t('loyalty.character.confirm', {
      defaultValue: 'Play as {name}?',
      name: character.name,
    });
    if (!(await confirmCharacter(character.name, question))) return;
    try {
      await saveCharacter(character.id);
      await client.invalidateQueries({ queryKey: loyaltyKeys.info });
      dialog.close();
    } catch {
      toast.show({ type: 'error', message: t('toasts.error', { defaultValue: 'Something went wrong' }) });
    }
  };
  return (
    <div className="flex flex-col gap-4 p-6" data-testid="character-dialog">
      <h2 className="text-xl font-bold text-[var(--text-strong)]">
        {t('loyalty.character.title', { defaultValue: 'Choose your character' })}
      </h2>
      <fieldset className="grid grid-cols-3 gap-3 sm:grid-cols-5">
        <legend className="sr-only">
          {t('loyalty.character.title', { defaultValue: 'Choose your character' })}
        </legend>
        {(characters.data?.items ?? []).map((c) => (
          <label
            key={c.id}
            className="flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-transparent p-2 text-xs has-[:checked]:border-[var(--accent)]"
            data-testid={`character-${c.sysname}`}
          >
            <input
              type="radio"
              name="character"
              className="sr-only"
              checked={chosen === c.id}
              onChange={() => setChosen(c.id)}
            />
            <img src={c.image} alt="" className="size-14 rounded-full" />
            <span className="text-center text-[var(--text-strong)]">{c.name}</span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="btn btn-primary"
        disabled={chosen === null}
        onClick={() => void save()}
      >
        {t('loyalty.character.save', { defaultValue: 'Save' })}
      </button>
    </div>
  );
}
