import { SEARCH_BOX } from '@agentry/domain/screens';
import { isSearchableText } from '@agentry/domain/search-text';
import { type KeyboardEvent, useEffect, useRef } from 'react';

// The multi-line home search box (spec sections 2, 5, 9): one row, 80 px high, at most 584 px
// wide (sizes in home.css), focused 100 ms after arrival. Enter submits, Shift+Enter adds a line,
// and a blank query does nothing.

export const SEARCH_BOX_ID = 'home-search-query';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed, non-blank query. */
  onSubmit: (query: string) => void;
  searching: boolean;
  focusDelayMs?: number;
}

export function SearchBox({
  value,
  onChange,
  onSubmit,
  searching,
  focusDelayMs = SEARCH_BOX.focusDelayMs,
}: SearchBoxProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => textareaRef.current?.focus(), focusDelayMs);
    return () => window.clearTimeout(timer);
  }, [focusDelayMs]);

  function submit() {
    const query = value.trim();
    // Blank does nothing (spec section 5), and so does one character (domain/search-text.ts).
    if (!isSearchableText(query) || searching) return;
    onSubmit(query);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to browsers before 2023 (and to jsdom); role="search" works everywhere
    <form
      className="search-box"
      role="search"
      aria-label="Search agents"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="visually-hidden" htmlFor={SEARCH_BOX_ID}>
        Describe the job you need done
      </label>
      <textarea
        ref={textareaRef}
        id={SEARCH_BOX_ID}
        className="search-box__input"
        name="query"
        rows={SEARCH_BOX.rows}
        value={value}
        placeholder="e.g. answer customer emails in Spanish"
        aria-describedby="home-search-hint"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id="home-search-hint" className="search-box__hint">
        Results show as you type. Press Enter to search at once, Shift+Enter for a new line.
      </p>
      <button type="submit" className="button button--primary search-box__submit" disabled={searching}>
        {searching ? 'Searching...' : 'Search'}
      </button>
    </form>
  );
}
