/** What the site imports from 'i18next' (the `TFunction` type), mapped here with 'react-i18next' (see i18n-lite.tsx). */
import type { TLiteFunction, TLiteI18n } from './i18n-lite';

export type TFunction = TLiteFunction;
export type i18n = TLiteI18n;
