/** Unsubscribe and confirmation pages (spec §2). */
import { useMatches } from 'react-router';
import { SystemPage, type TSystemPageId } from '../features/system-pages/system-page';

const PAGE_OF: Record<string, TSystemPageId> = {
  unsubscribe: 'unsubscribe',
  confirmation: 'confirmation',
  'confirmation-success': 'confirmation-success',
};

export default function SystemPageRoute() {
  const id = useMatches().at(-1)?.id ?? '';
  return <SystemPage page={PAGE_OF[id] ?? 'not-found'} />;
}
