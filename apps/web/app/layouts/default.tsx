import { Outlet } from 'react-router';
import { Frame } from '../features/frame/frame';

export default function DefaultLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

export { SiteError as ErrorBoundary } from '../features/system-pages/site-error';
