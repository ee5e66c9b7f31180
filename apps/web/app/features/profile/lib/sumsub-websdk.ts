/**
 * Sumsub's WebSDK (docs.sumsub.com/docs/get-started-with-web-sdk): the vendor's script, loaded from the address
 * Sumsub documents, only when the server says Sumsub verifies this site (TVerificationState.provider 'sumsub').
 * It defines the global `snsWebSdk`: init(accessToken, a function answering a fresh token) → withConf /
 * withOptions / on(event) → build() → launch(container). Tests stub that global instead of loading the script.
 */
import { injectScript } from '../../live-chat/load-script';

export const SUMSUB_WEBSDK_URL = 'https://static.sumsub.com/idensic/static/sns-websdk-builder.js';

export interface TSnsWebSdkInstance {
  launch(container: string | HTMLElement): void;
  destroy?(): void;
}

export interface TSnsInitBuilder {
  withConf(config: { lang?: string; theme?: string }): TSnsInitBuilder;
  withOptions(options: { addViewportTag?: boolean; adaptIframeHeight?: boolean }): TSnsInitBuilder;
  on(event: string, handler: (payload: unknown) => void): TSnsInitBuilder;
  build(): TSnsWebSdkInstance;
}

export interface TSnsWebSdk {
  init(accessToken: string, updateAccessToken: () => Promise<string>): TSnsInitBuilder;
}

declare global {
  interface Window {
    snsWebSdk?: TSnsWebSdk;
  }
}

let loading: Promise<TSnsWebSdk> | null = null;

/** The WebSDK's global, loading the script once (a failed load may be tried again). */
export const loadSumsubWebSdk = (): Promise<TSnsWebSdk> => {
  if (window.snsWebSdk) return Promise.resolve(window.snsWebSdk);
  loading ??= injectScript(SUMSUB_WEBSDK_URL)
    .then(() => {
      if (!window.snsWebSdk) throw new Error('the WebSDK script defined no snsWebSdk');
      return window.snsWebSdk;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
};

/** The WebSDK's events after which the applicant's status may have changed: the page asks the server again. */
export const SUMSUB_STATUS_EVENTS = [
  'idCheck.onApplicantSubmitted',
  'idCheck.onApplicantResubmitted',
  'idCheck.onApplicantStatusChanged',
] as const;
