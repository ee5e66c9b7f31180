import { systemError } from '../lib/site/site.server';

/** No route matched: 404 'Page not found' inside the frame. */
export const loader = () => {
  throw systemError('not-found', 404);
};

export default function NotFound() {
  return null;
}
