/** The live chat's one adapter interface (spec §3 Chat configuration, §4 Chat widget, §8 chat errors). */
import type { TChatProvider } from '@casino/contracts/calls/support';

/** Spec §3: what a widget is told about the visitor (uid 0 and no contacts for a visitor). */
export interface TChatClient {
  uid: number;
  /** First name from the profile. */
  name: string;
  /** From the e-mail contact. */
  email: string;
  /** From the mobile contact; handed to one provider only (verbox). */
  phone: string;
  language: string;
}

/** What an adapter may use of the page: the window (a fake in tests), the script loader, the console. */
export interface TChatEnv {
  // biome-ignore lint/suspicious/noExplicitAny: the vendors' globals are untyped
  window: any;
  /** Loads a script (with the page's nonce); the controller's loader retries a failure once. */
  loadScript(src: string): Promise<void>;
  /** Spec §8 console-only errors: a name, and the cause. */
  logError(name: string, cause?: unknown): void;
  /** A widget event worth storing (support.storechatevent) when a player is signed in. */
  onEvent(event: string, data?: Record<string, unknown>): void;
  /** Waits for a vendor's API to appear (spec §9: 5000 ms, polling every 100 ms). */
  waitFor<T>(read: () => T | undefined | null | false, timeoutMs?: number): Promise<T>;
}

export interface TChatAdapter {
  readonly provider: TChatProvider;
  /** Loads the widget for this client; resolves once its API answers. */
  load(client: TChatClient): Promise<void>;
  /** Hands over new client info (after registration, login and logout). */
  reload(client: TChatClient): Promise<void>;
  /** Opens the chat window. */
  open(): void;
  /** The hide-window action: closes the chat window. */
  hideWindow(): void;
  /** Shows or hides the widget's launcher (spec §2: hidden on betting and game routes). */
  setLauncherVisible(visible: boolean): void;
  /** Before logout: forget the conversation (one provider does). */
  clearHistory(): void;
}

export type TChatAdapterFactory = (settings: Record<string, unknown>, env: TChatEnv) => TChatAdapter;

export const settingText = (settings: Record<string, unknown>, key: string) => {
  const value = settings[key];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
};
