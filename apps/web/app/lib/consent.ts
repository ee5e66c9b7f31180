/**
 * Cookie consent (issue 16): the categories a visitor allowed, stored in this browser for a year, and a request
 * to show the settings again (the footer's link). Only `necessary` runs without consent.
 */
export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'marketing'] as const;
export type TConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type TConsent = Record<TConsentCategory, boolean> & { at: number };

const KEY = 'cookie-consent';
const VERSION = 1;
const MAX_AGE_MS = 365 * 24 * 3_600_000;

export const readConsent = (now = Date.now()): TConsent | null => {
  try {
    const raw = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as
      | (Partial<TConsent> & { v?: number })
      | null;
    if (!raw || raw.v !== VERSION || typeof raw.at !== 'number' || now - raw.at > MAX_AGE_MS) return null;
    return {
      necessary: true,
      analytics: raw.analytics === true,
      marketing: raw.marketing === true,
      at: raw.at,
    };
  } catch {
    return null;
  }
};

const listeners = new Set<(consent: TConsent) => void>();
const openers = new Set<() => void>();

export const saveConsent = (choice: { analytics: boolean; marketing: boolean }, now = Date.now()) => {
  const consent: TConsent = { necessary: true, ...choice, at: now };
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ v: VERSION, ...consent }));
  } catch {
    // Storage refused (private mode): the choice holds for this page.
  }
  for (const listener of listeners) listener(consent);
  return consent;
};

export const onConsent = (listener: (consent: TConsent) => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The footer's "cookie settings": the banner opens again. */
export const openConsentSettings = () => {
  for (const open of openers) open();
};

export const onOpenConsentSettings = (open: () => void) => {
  openers.add(open);
  return () => {
    openers.delete(open);
  };
};
