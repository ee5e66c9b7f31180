/** Checks the content/ settings files against their contracts before seeding, so a typo stops the start clearly. */
import {
  ZCustomCodeEntry,
  ZGeneralInfo,
  ZRedirect,
  ZRegistrationConfig,
  ZSeoSettings,
  ZSiteConfig,
} from '@casino/contracts/calls/metadata';
import { ZChatConfig } from '@casino/contracts/calls/support';
import { z } from 'zod';
import { readSettingFile, SETTING_KEYS, type TSettingKey } from './content-files.ts';

/** The contract each setting's value must meet (the seed and the back-office's editor check against it). */
export const SETTING_SCHEMAS: Record<TSettingKey, z.ZodType> = {
  'site-config': ZSiteConfig,
  'registration-config': ZRegistrationConfig,
  'general-info': ZGeneralInfo.omit({ available_locales: true }),
  chat: ZChatConfig,
  seo: ZSeoSettings,
  redirects: z.array(ZRedirect),
  'custom-code': z.array(ZCustomCodeEntry),
};

export const validateContent = (contentDir: string) => {
  const problems: string[] = [];
  for (const key of SETTING_KEYS) {
    const checked = SETTING_SCHEMAS[key].safeParse(readSettingFile(contentDir, key));
    if (!checked.success)
      for (const issue of checked.error.issues)
        problems.push(`  ${key}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  if (problems.length > 0) throw new Error(`Invalid content/ settings:\n${problems.join('\n')}`);
};
