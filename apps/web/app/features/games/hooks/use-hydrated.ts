import { useEffect, useState } from 'react';

/** False in the server's HTML and until React has hydrated the page (buttons work from then on). */
export const useHydrated = () => {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
};
