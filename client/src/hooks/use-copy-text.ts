import { useCallback, useEffect, useRef, useState } from 'react';

// Copies text to the clipboard and says how it went for a while (the "For AI assistants" page's
// snippet, a new API key on the employer dashboard). The Clipboard API exists only
// on secure origins (HTTPS or localhost) and may be refused; the caller then lets the visitor copy
// by hand.

export type CopyState = 'idle' | 'copied' | 'failed';

/** How long "Copied" stays: long enough to read, short enough that a second copy shows again. */
export const COPIED_FOR_MS = 2500;

/** `copy` resolves to whether the text reached the clipboard. */
export function useCopyText(): { state: CopyState; copy: (text: string) => Promise<boolean> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard) throw new Error('No Clipboard API here');
      await navigator.clipboard.writeText(text);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_FOR_MS);
      return true;
    } catch {
      setState('failed');
      return false;
    }
  }, []);

  return { state, copy };
}
