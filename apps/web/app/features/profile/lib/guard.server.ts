/** Route guard of the profile pages: a section whose §3 feature flag is off answers 404. */
import type { RouterContextProvider } from 'react-router';
import { getSite, systemError } from '../../../lib/site/site.server';
import { isFlagOn } from './sections';

export const requireFlag = (context: Readonly<RouterContextProvider>, flag: string) => {
  if (!isFlagOn(getSite(context).cms.flags, flag)) throw systemError('not-found', 404);
  return null;
};
