import { Outlet } from 'react-router';
import { Frame } from '../features/frame/frame';
import { LoyaltyNotices } from '../features/loyalty/components/loyalty-notices';

export default function DefaultLayout() {
  return (
    <Frame>
      <Outlet />
      <LoyaltyNotices />
    </Frame>
  );
}

export { SiteError as ErrorBoundary } from '../features/system-pages/site-error';
