/** The account calls of spec §7 (two-factor ones excepted: auth owns them). Handlers only parse and delegate. */
import {
  ZAddContact,
  ZChangeFakename,
  ZChangeLocale,
  ZChangePassword,
  ZChangeSubscription,
  ZConfirmContact,
  ZGetBalance,
  ZGetContactPhoneSettings,
  ZGetCurrencyRates,
  ZGetDepositLimit,
  ZGetInfo,
  ZGetPersonalDataFields,
  ZGetProfileInfo,
  ZGetToken,
  ZSaveProfileInfo,
  ZSendConfirmationToContact,
  ZSetCurrency,
  ZSetUserOnVerification,
  ZUnsubscribe,
} from '@casino/contracts/calls/account';
import { COUNTRIES, personalDataFields } from '@casino/contracts/countries';
import type { FastifyRequest } from 'fastify';
import type { TModule } from '../../platform/context.ts';
import { notAuthorized } from '../../platform/http/app-error.ts';
import { registrationRules, validatorLimits } from '../auth/index.ts';
import { readAccountInfo, readBalance, visitorInfo } from './account-info.ts';
import { changePassword } from './change-password.ts';
import { changeFakename, changeLocale, setCurrency, setOnVerification } from './change-settings.ts';
import { confirmContact, sendConfirmation } from './contact-confirmation.ts';
import { addContact, changeSubscription } from './contacts.ts';
import { currencyRates } from './currency-rates.ts';
import { readDepositLimit } from './deposit-limit.ts';
import { readProfileInfo } from './profile-info.ts';
import { saveProfileInfo } from './save-profile-info.ts';
import { makeSocketToken, SOCKET_TOKEN_TTL_SECONDS } from './socket-token.ts';
import { unsubscribeByLink } from './unsubscribe.ts';

/** The signed-in player (the router already refused visitors on `user` calls). */
const playerOf = (request: FastifyRequest) => {
  if (!request.player) throw notAuthorized();
  return request.player;
};
const byPlayer = (_params: Record<string, unknown>, request: FastifyRequest) =>
  String(request.player?.id ?? '');

const PHONE_SETTINGS = [...COUNTRIES]
  .sort((a, b) => a.name.localeCompare(b.name, 'en'))
  .map((c) => ({ country_code: c.code, phone_code: c.phone_code, name: c.name, mask: c.mask }));

export const accountModule: TModule = {
  name: 'account',
  register(_app, ctx) {
    const { api, db } = ctx;

    api.handle(ZGetInfo, (_params, request) =>
      request.player ? readAccountInfo(db, request.player) : visitorInfo(request.locale),
    );
    api.handle(ZGetBalance, (_params, request) => readBalance(db, playerOf(request)));
    api.handle(ZGetProfileInfo, (params, request) => {
      const all = params.fields.length === 0;
      return readProfileInfo(db, playerOf(request), {
        contacts: all || params.fields.includes('contacts'),
        document: all || params.fields.includes('document'),
      });
    });
    api.handle(ZSaveProfileInfo, async (params, request) => {
      const [{ minimumAge }, { postcodePattern, birthMinYear }] = await Promise.all([
        registrationRules(db),
        validatorLimits(db),
      ]);
      await saveProfileInfo(
        db,
        playerOf(request),
        params,
        ctx.providers.clock.now(),
        minimumAge,
        postcodePattern,
        birthMinYear,
      );
      return 1 as const;
    });
    api.handle(ZGetPersonalDataFields, async (params, request) =>
      personalDataFields(
        params.country || request.player?.countryCode,
        (await validatorLimits(db)).postcodePattern,
      ),
    );
    api.handle(ZGetContactPhoneSettings, () => PHONE_SETTINGS);

    api.handle(
      ZAddContact,
      async (params, request) => {
        await addContact(db, playerOf(request).id, {
          type: params.type,
          value: params.value,
          phoneCountryCode: params.phone_country_code,
        });
        return 1 as const;
      },
      { rateLimit: { max: 20, windowSeconds: 600, by: byPlayer } },
    );
    api.handle(
      ZSendConfirmationToContact,
      async (params, request) => {
        await sendConfirmation(ctx, playerOf(request), params.contact);
        return 1 as const;
      },
      { rateLimit: { max: 10, windowSeconds: 3600, by: byPlayer } },
    );
    api.handle(
      ZConfirmContact,
      async (params, request) => {
        await confirmContact(ctx, playerOf(request), params.contact, params.code);
        return 1 as const;
      },
      { rateLimit: { max: 10, windowSeconds: 600, by: byPlayer } },
    );
    api.handle(ZChangeSubscription, async (params, request) => {
      await changeSubscription(db, playerOf(request).id, params.contact, params.subscription === '1');
      return 1 as const;
    });

    api.handle(ZChangeFakename, async (params, request) => {
      const { fakenameMin } = await validatorLimits(db);
      await changeFakename(db, playerOf(request).id, params.fakename, fakenameMin);
      return 1 as const;
    });
    api.handle(ZChangeLocale, async (params, request) => {
      await changeLocale(db, playerOf(request).id, params.locale);
      return 1 as const;
    });
    api.handle(
      ZChangePassword,
      async (params, request) => {
        await changePassword(
          ctx,
          playerOf(request),
          { current: params.current_password, next: params.new_password, repeat: params.repeat_password },
          request,
        );
        return 1 as const;
      },
      { rateLimit: { max: 10, windowSeconds: 900, by: byPlayer } },
    );
    api.handle(ZSetUserOnVerification, async (_params, request) => {
      await setOnVerification(db, playerOf(request).id);
      return 1 as const;
    });
    api.handle(ZSetCurrency, async (params, request) => {
      await setCurrency(db, playerOf(request).id, params.currency);
      return 1 as const;
    });
    api.handle(
      ZUnsubscribe,
      async (params) => {
        await unsubscribeByLink(db, ctx.config, params);
        return 1 as const;
      },
      { rateLimit: { max: 30, windowSeconds: 600 } },
    );

    api.handle(ZGetCurrencyRates, () => currencyRates());
    api.handle(ZGetToken, (_params, request) => ({
      token: makeSocketToken(ctx.config.SESSION_SECRET, playerOf(request).id, ctx.providers.clock.now()),
      expires_in: SOCKET_TOKEN_TTL_SECONDS,
    }));
    api.handle(ZGetDepositLimit, (_params, request) =>
      readDepositLimit(db, playerOf(request).id, ctx.providers.clock.now()),
    );
  },
};
