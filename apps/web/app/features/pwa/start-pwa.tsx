/**
 * Started once per page when the browser is idle (never in the home's first chunk): registers the service
 * worker (/sw.js, scope /) and runs the version check, whose news is a "new version — reload" toast.
 */
import { ensureNamespaces } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-lite';
import { toast } from '../../ui/toasts/toast-store';
import { pwaStatus } from './pwa-status';
import { startVersionCheck } from './version-check';

export const registerServiceWorker = async (
  container: Pick<ServiceWorkerContainer, 'register'> | undefined = globalThis.navigator?.serviceWorker,
) => {
  if (!container) return;
  try {
    await container.register('/sw.js', { scope: '/' });
  } catch (error) {
    pwaStatus.registrationFailed = true;
    console.warn('service worker registration failed', error);
  }
};

function NewVersionTitle() {
  const { t } = useTranslation();
  return <>{t('pwa.newVersion.title', { defaultValue: 'A new version of the site is available' })}</>;
}

function ReloadLabel() {
  const { t } = useTranslation();
  return <>{t('pwa.newVersion.reload', { defaultValue: 'Reload' })}</>;
}

export const showNewVersionToast = async (reload: () => void = () => window.location.reload()) => {
  await ensureNamespaces(['pwa']);
  toast.show({
    id: 'new-version',
    type: 'info',
    title: <NewVersionTitle />,
    duration: 0,
    action: { label: <ReloadLabel />, onClick: reload },
  });
};

export const startPwa = (buildVersion: string) => {
  void registerServiceWorker();
  return startVersionCheck({
    current: buildVersion,
    events: document,
    onNewVersion: () => void showNewVersionToast(),
  });
};
