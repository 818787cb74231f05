import { useEffect } from 'react';

// Home and End scroll to the top and bottom of the page (spec section 2, Home), except while the
// visitor is typing or using a control that owns those keys.

function ownsEdgeKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return (
    target.closest('input, textarea, select, [role="listbox"], [role="slider"], [role="textbox"]') !== null
  );
}

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

export function useEdgeScrollKeys() {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Home' && event.key !== 'End') return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (ownsEdgeKeys(event.target)) return;
      event.preventDefault();
      const top = event.key === 'Home' ? 0 : document.documentElement.scrollHeight;
      window.scrollTo({ top, behavior: scrollBehavior() });
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
