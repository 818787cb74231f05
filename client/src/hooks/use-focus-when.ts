import { type RefObject, useEffect } from 'react';

/**
 * Moves focus to `ref` when `when` becomes true. Content that replaces the focused control (a
 * form swapped for its result) would otherwise drop focus to the page's body, and keyboard and
 * screen-reader users would lose their place. The target needs tabIndex={-1}.
 */
export function useFocusWhen(ref: RefObject<HTMLElement | null>, when: boolean) {
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [ref, when]);
}
