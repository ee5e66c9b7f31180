/**
 * The system pages of spec §2 and the §8 page mapping: header, description and button text from the
 * translations; forbidden and maintenance stand alone (empty layout), the others sit in the frame.
 */
import { isRouteErrorResponse } from 'react-router';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n-lite';
import { LocaleLink } from '../frame/locale-link';

export type TSystemPageId =
  | 'not-found'
  | 'not-found-validation'
  | 'forbidden'
  | 'maintenance'
  | 'user-blocked'
  | 'locales-not-found'
  | 'errors-slot'
  | 'payment-cancel'
  | 'payment-fail'
  | 'payment-new-window'
  | 'payment-success'
  | 'payment-pending'
  | 'payment-mobile'
  | 'unsubscribe'
  | 'confirmation'
  | 'confirmation-success';

interface TPageText {
  key: string;
  header: string;
  headerKey?: string;
  description: string;
  descriptionKey?: string;
  button?: { to: string; text: string };
}

const PAGES: Record<TSystemPageId, TPageText> = {
  'not-found': {
    key: 'notFound',
    header: 'Page not found',
    description: 'The page you are looking for does not exist or has been moved.',
    button: { to: paths.home, text: 'Go to home page' },
  },
  'not-found-validation': {
    key: 'notFound',
    headerKey: 'pages.notFound.headerValidation',
    header: 'Page Not Found',
    description: 'The page you are looking for does not exist or has been moved.',
    button: { to: paths.home, text: 'Go to home page' },
  },
  forbidden: {
    key: 'forbidden',
    header: 'Access denied',
    description: 'You do not have permission to open this page.',
  },
  maintenance: {
    key: 'maintenance',
    header: "We'll be back soon",
    description: 'The site is undergoing scheduled maintenance. Thank you for your patience.',
  },
  'user-blocked': {
    key: 'userBlocked',
    header: 'Your account is blocked',
    description:
      'Access to your account has been restricted. Our support team will explain why and help you.',
    button: { to: paths.support, text: 'Contact support' },
  },
  'locales-not-found': { key: 'localesNotFound', header: 'LOCALES NOT FOUND', description: '' },
  'errors-slot': {
    key: 'errorsSlot',
    header: 'Something went wrong',
    description: 'The game could not be loaded. Please choose another game or try again later.',
    button: { to: paths.gamehall.root, text: 'Go to game hall' },
  },
  'payment-cancel': {
    key: 'paymentCancel',
    header: 'Payment cancelled',
    description: 'You cancelled the payment. No money has been taken.',
    button: { to: paths.cashier.deposit, text: 'Back to deposit' },
  },
  'payment-fail': {
    key: 'paymentFail',
    header: 'Payment failed',
    description: 'The payment could not be completed. Please try again or choose another payment method.',
    button: { to: paths.cashier.deposit, text: 'Back to deposit' },
  },
  'payment-new-window': {
    key: 'paymentNewWindow',
    header: 'Continue in the new window',
    description: 'The payment page opened in a new window. Complete the payment there and come back.',
    button: { to: paths.cashier.deposit, text: 'Back to deposit' },
  },
  'payment-success': {
    key: 'paymentSuccess',
    header: 'Payment successful',
    description: 'Your deposit has been credited. Good luck!',
    button: { to: paths.gamehall.root, text: 'Go to game hall' },
  },
  'payment-pending': {
    key: 'paymentPending',
    header: 'Payment is being processed',
    description:
      'We are waiting for confirmation from the payment provider. This usually takes a few minutes.',
  },
  'payment-mobile': {
    key: 'paymentMobile',
    header: 'Complete the payment on your phone',
    description: 'Follow the instructions in your banking or payment app to confirm the payment.',
  },
  unsubscribe: {
    key: 'unsubscribe',
    header: 'You have unsubscribed',
    description:
      'You will no longer receive our newsletters. You can subscribe again in your profile at any time.',
  },
  confirmation: {
    key: 'confirmation',
    header: 'Confirm your email',
    description: 'We have sent a confirmation link to your email address.',
  },
  'confirmation-success': {
    key: 'confirmation',
    headerKey: 'pages.confirmation.successHeader',
    header: 'Email confirmed',
    descriptionKey: 'pages.confirmation.successDescription',
    description: 'Thank you! Your email address has been confirmed.',
  },
};

/** §8 page mapping: not found, forbidden, maintenance; any other status gives not found. */
export const systemPageOf = (error: unknown): { page: TSystemPageId; status: number; message?: string } => {
  if (isRouteErrorResponse(error)) {
    const data = (error.data ?? {}) as { page?: string; message?: string };
    if (data.page === 'locales-not-found')
      return { page: 'locales-not-found', status: 500, message: data.message };
    if (data.page && data.page in PAGES) return { page: data.page as TSystemPageId, status: error.status };
    if (error.status === 403) return { page: 'forbidden', status: 403 };
    if (error.status === 503) return { page: 'maintenance', status: 503 };
    return { page: 'not-found', status: error.status };
  }
  return { page: 'not-found', status: 500 };
};

const STATUS_MARK: Partial<Record<TSystemPageId, string>> = {
  'not-found': '404',
  'not-found-validation': '404',
  forbidden: '403',
  'user-blocked': '403',
  maintenance: '503',
  'locales-not-found': '500',
};

/** The page's heading, translated (also its document title when an error boundary shows it). */
export const useSystemPageHeader = (page: TSystemPageId, message?: string) => {
  const { t } = useTranslation();
  const text = PAGES[page];
  return message ?? t(text.headerKey ?? `pages.${text.key}.header`, { defaultValue: text.header });
};

export function SystemPage({
  page,
  message,
  standalone = false,
  children,
}: {
  page: TSystemPageId;
  status?: number;
  message?: string;
  standalone?: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const text = PAGES[page];
  const header = useSystemPageHeader(page, message);
  const description = text.description
    ? t(text.descriptionKey ?? `pages.${text.key}.description`, { defaultValue: text.description })
    : '';
  const mark = STATUS_MARK[page];
  const body = (
    <section className="system-page mx-auto flex max-w-xl flex-col items-center px-6 py-16 text-center md:py-24">
      {mark && (
        <p aria-hidden="true" className="text-gradient text-7xl font-black tracking-tight md:text-9xl">
          {mark}
        </p>
      )}
      {page === 'payment-pending' && (
        <span role="status" aria-label={header} className="spinner mb-6 size-12" />
      )}
      <h1 className="mt-4 text-2xl font-bold text-[var(--text-strong)] md:text-3xl">{header}</h1>
      {description && <p className="mt-3 text-base text-[var(--text-muted)]">{description}</p>}
      {children}
      {text.button && (
        <LocaleLink to={text.button.to} className="btn btn-primary mt-8">
          {t(`pages.${text.key}.button`, { defaultValue: text.button.text })}
        </LocaleLink>
      )}
    </section>
  );
  if (!standalone) return body;
  return <main className="grid min-h-dvh place-items-center bg-[var(--bg)]">{body}</main>;
}
