/** The time now, ticking every second after hydration (the first render uses the server's time: no mismatch). */
import { useEffect, useState } from 'react';

export function useNow(serverNow: number) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
