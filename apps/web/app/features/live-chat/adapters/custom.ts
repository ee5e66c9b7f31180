/** A custom widget: the configured `src` only; the site has no action on it (spec §3: one provider has none). */
import { settingText, type TChatAdapterFactory } from '../types';

export const createCustomAdapter: TChatAdapterFactory = (settings, env) => ({
  provider: 'custom',
  async load() {
    const src = settingText(settings, 'src');
    if (src) await env.loadScript(src);
  },
  async reload() {},
  open() {},
  hideWindow() {},
  setLauncherVisible() {},
  clearHistory() {},
});
