/**
 * `/password-reset?token=`: checks the token (auth.checkresettoken) and sets a new password
 * (auth.resetpassword). A plain form posted to this route's action, so it works without JavaScript.
 */
import { PASSWORD_MAX, PASSWORD_MIN } from '@casino/contracts/validation';
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router';
import { paths } from '../config/paths';
import { LocaleLink } from '../features/frame/locale-link';
import { CALLS } from '../lib/api/calls';
import { isApiError } from '../lib/api/client';
import { useTranslation } from '../lib/i18n-lite';
import { pageTitle } from '../lib/site/page-title';
import { getSite } from '../lib/site/site.server';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.passwordReset', 'Reset password']) },
  { name: 'robots', content: 'noindex' },
];

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return { token, valid: false };
  try {
    const { valid } = await getSite(context).api.call(CALLS.checkResetToken, { token });
    return { token, valid };
  } catch {
    return { token, valid: false };
  }
};

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  const password = String(form.get('password') ?? '');
  const confirmation = String(form.get('password_confirmation') ?? '');
  if (password !== confirmation) return { ok: false, fields: { password_confirmation: 'passwordsNotEqual' } };
  try {
    await getSite(context).api.call(CALLS.resetPassword, {
      token,
      password,
      password_confirmation: confirmation,
    });
    return { ok: true, fields: {} as Record<string, string> };
  } catch (error) {
    if (isApiError(error, 'InvalidParameterException')) {
      // A password too short for the operator's minimum: the answer says which.
      const min = typeof error.data.min_length === 'number' ? error.data.min_length : PASSWORD_MIN;
      return { ok: false, fields: error.invalidParameters, min };
    }
    return { ok: false, fields: { token: 'wrongField' } as Record<string, string> };
  }
};

export default function PasswordReset() {
  const { t } = useTranslation();
  const { token, valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const fieldError = (name: string) => {
    const code = result?.fields[name];
    return code
      ? t(`common.validationErrors.${code}`, {
          defaultValue: 'The value is not valid',
          min: result && 'min' in result ? result.min : PASSWORD_MIN,
          max: PASSWORD_MAX,
        })
      : undefined;
  };
  const title = t('auth.reset.title', { defaultValue: 'Set a new password' });
  if (result?.ok)
    return (
      <section className="card mx-auto my-12 max-w-md p-8 text-center" role="status">
        <h1 className="text-2xl font-bold text-[var(--text-strong)]">
          {t('auth.reset.done', { defaultValue: 'Your password has been changed' })}
        </h1>
        <LocaleLink to={`${paths.home}?show_popup_auth=1`} className="btn btn-primary mt-6">
          {t('header.login', { defaultValue: 'Sign in' })}
        </LocaleLink>
      </section>
    );
  if (!valid || result?.fields.token)
    return (
      <section className="card mx-auto my-12 max-w-md p-8 text-center">
        <h1 className="text-2xl font-bold text-[var(--text-strong)]">{title}</h1>
        <p className="mt-3 text-[var(--text-muted)]">
          {t('auth.reset.invalid', {
            defaultValue: 'This link is invalid or has expired. Ask for a new one.',
          })}
        </p>
        <LocaleLink to={paths.home} className="btn btn-primary mt-6">
          {t('pages.notFound.button', { defaultValue: 'Go to home page' })}
        </LocaleLink>
      </section>
    );
  const passwordError = fieldError('password');
  const confirmError = fieldError('password_confirmation');
  return (
    <section className="card mx-auto my-12 max-w-md p-8">
      <h1 className="text-2xl font-bold text-[var(--text-strong)]">{title}</h1>
      <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
        <input type="hidden" name="token" value={token} />
        <label className="field">
          <span>{t('auth.fields.password', { defaultValue: 'New password' })}</span>
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={6}
            maxLength={20}
            required
            aria-invalid={!!passwordError}
            aria-describedby={passwordError ? 'password-error' : undefined}
          />
          {passwordError && (
            <small id="password-error" className="field-error">
              {passwordError}
            </small>
          )}
        </label>
        <label className="field">
          <span>{t('auth.fields.passwordConfirmation', { defaultValue: 'Repeat the password' })}</span>
          <input
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={!!confirmError}
            aria-describedby={confirmError ? 'confirm-error' : undefined}
          />
          {confirmError && (
            <small id="confirm-error" className="field-error">
              {confirmError}
            </small>
          )}
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('common.buttons.save', { defaultValue: 'Save' })}
        </button>
      </Form>
    </section>
  );
}
