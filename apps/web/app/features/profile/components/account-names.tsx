/** The nickname (changefakename, §5 fakename rule) and the account language (changelocale). */
import * as rules from '@casino/contracts/validation';
import { fakenameWithMin } from '@casino/contracts/validator-config';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { href, splitLocale } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { refusalMessage } from '../../../lib/api/refusal';
import { useTranslation } from '../../../lib/i18n-lite';
import { toast } from '../../../ui/toasts';
import { accountQueryKey } from '../../account/use-account';
import { useSite } from '../../frame/use-site';
import { PROFILE_CALLS, profileKeys } from '../api/profile-api';
import { profileFieldMessage } from '../lib/messages';
import { Button, Card, Input, Select } from './controls';

export function AccountNames({ fakename }: { fakename: string }) {
  const { t } = useTranslation();
  const site = useSite();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(fakename);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [locale, setLocale] = useState(site?.locale ?? 'en');
  // The operator may raise the nickname's minimum (spec §3 validator config).
  const fakenameMin = site?.cms.validators?.fakenameMin ?? rules.FAKENAME_MIN;
  const limits = { min: fakenameMin, max: rules.FAKENAME_MAX };

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    const code = fakenameWithMin(fakenameMin)(name);
    if (code) return setError(profileFieldMessage(t, code, 'text', limits));
    setSaving(true);
    try {
      if ((await api.call(PROFILE_CALLS.changeFakename, { fakename: name.trim() })) !== 1)
        throw new Error('not saved');
      toast.success(t('profile.personal.fakenameSaved', { defaultValue: 'Your nickname has been saved' }));
      await queryClient.invalidateQueries({ queryKey: accountQueryKey });
      await queryClient.invalidateQueries({ queryKey: profileKeys.info });
    } catch (caught) {
      const fieldCode = isApiError(caught, 'InvalidParameterException')
        ? caught.invalidParameters.fakename
        : undefined;
      if (isApiError(caught) && !isApiError(caught, 'InvalidParameterException'))
        setError(refusalMessage(t, caught));
      else if (fieldCode === 'alreadyExists')
        setError(t('profile.personal.fakenameTaken', { defaultValue: 'This nickname is already taken' }));
      else setError(profileFieldMessage(t, fieldCode ?? 'specialSymbolsFakename', 'text', limits));
    } finally {
      setSaving(false);
    }
  };

  const changeLanguage = async (code: string) => {
    setLocale(code);
    if (!site) return;
    try {
      await api.call(PROFILE_CALLS.changeLocale, { locale: code });
    } catch (caught) {
      console.warn('changelocale failed', caught);
    }
    const codes = site.locales.map((l) => l.code);
    const { path } = splitLocale(location.pathname, codes, site.defaultLocale);
    navigate(`${href(path, code, site.defaultLocale)}${location.search}`);
  };

  return (
    <Card
      title={t('profile.personal.accountTitle', { defaultValue: 'Nickname and language' })}
      testId="account-names"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <form noValidate onSubmit={saveName} className="flex flex-col gap-2">
          <Input
            label={t('profile.personal.fakename', { defaultValue: 'Nickname' })}
            value={name}
            name="fakename"
            error={error}
            hint={t('profile.personal.fakenameHint', {
              defaultValue: 'At least 4 characters; no spaces, commas, dashes, quotes or symbols.',
            })}
            onValue={(v) => {
              setName(v);
              setError('');
            }}
          />
          <Button
            type="submit"
            variant="ghost"
            loading={saving}
            className="self-start"
            data-testid="save-fakename"
          >
            {t('common.buttons.save', { defaultValue: 'Save' })}
          </Button>
        </form>
        <Select
          label={t('profile.personal.language', { defaultValue: 'Language' })}
          value={locale}
          name="locale"
          options={(site?.locales ?? []).map((l) => ({
            value: l.code,
            label: l.nativeName ?? l.name ?? l.code,
          }))}
          onValue={(v) => void changeLanguage(v)}
        />
      </div>
    </Card>
  );
}
