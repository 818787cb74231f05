import { useEffect, useState } from 'react';

// A value that follows another once it has stopped changing for `delayMs`: typing asks the server
// once a pause comes, not once a keystroke (issue 25: staff's search by name, the home search).

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
