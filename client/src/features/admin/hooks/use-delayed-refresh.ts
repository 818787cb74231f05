import { ADMIN_REFRESH_DELAY_MS } from '@agentry/domain/screens';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After an add, edit, delete, restore or upload the admin screen waits ADMIN_REFRESH_DELAY_MS
 * (spec sections 4 and 9), then reads a fresh list and fresh counts. `generation` counts those
 * refreshes: what depends on it loads again each time it changes.
 */
export function useDelayedRefresh(): { generation: number; schedule: () => void } {
  const [generation, setGeneration] = useState(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const schedule = useCallback(() => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setGeneration((count) => count + 1);
    }, ADMIN_REFRESH_DELAY_MS);
    timers.current.add(timer);
  }, []);

  return { generation, schedule };
}
