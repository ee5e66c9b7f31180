/** Spec §4 Two-factor: a resend timer counts down from resend_time seconds and clears itself at zero. */
import { useCallback, useEffect, useState } from 'react';

export const useResendTimer = (initialSeconds: number) => {
  const [seconds, setSeconds] = useState(Math.max(0, Math.floor(initialSeconds)));
  const isRunning = seconds > 0;
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [isRunning]);
  const restart = useCallback((next: number) => setSeconds(Math.max(0, Math.floor(next))), []);
  return { seconds, isRunning, restart };
};
