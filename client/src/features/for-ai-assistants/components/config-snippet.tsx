import { useId, useRef } from 'react';
import { useCopyText } from '../../../hooks/use-copy-text';

// A block of configuration to paste elsewhere, with a Copy button. When the clipboard cannot be
// written (a plain-HTTP origin, a refusal), the text is selected instead, so Ctrl+C copies it.

function selectContents(element: HTMLElement | null) {
  const selection = window.getSelection();
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

export function ConfigSnippet({ label, text }: { label: string; text: string }) {
  const { state, copy } = useCopyText();
  const codeRef = useRef<HTMLElement>(null);
  const labelId = useId();

  async function onCopy() {
    if (!(await copy(text))) selectContents(codeRef.current);
  }

  return (
    <figure className="config-snippet" aria-labelledby={labelId}>
      <div className="config-snippet__bar">
        <span id={labelId} className="config-snippet__label">
          {label}
        </span>
        <button
          className="button button--secondary button--small config-snippet__copy"
          type="button"
          data-state={state}
          onClick={() => void onCopy()}
        >
          {state === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre className="config-snippet__code">
        <code ref={codeRef}>{text}</code>
      </pre>
      {/* The button's new label is not announced everywhere; this is. */}
      <p className="config-snippet__status" role="status">
        {state === 'copied' ? 'Copied to the clipboard.' : null}
        {state === 'failed'
          ? 'Your browser would not let us copy: the text is selected, copy it yourself.'
          : null}
      </p>
    </figure>
  );
}
