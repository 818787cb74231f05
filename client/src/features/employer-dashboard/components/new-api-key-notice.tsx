import { useEffect, useRef } from 'react';
import { useCopyText } from '../../../hooks/use-copy-text';

// A key just made: the only time it is shown. It stays on screen until the employer says they
// have it; nothing keeps it after that (the server has only its hash).

export function NewApiKeyNotice({
  name,
  apiKey,
  onDone,
}: {
  name: string;
  apiKey: string;
  onDone: () => void;
}) {
  const { state, copy } = useCopyText();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const keyRef = useRef<HTMLElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  async function onCopy() {
    if (await copy(apiKey)) return;
    // No clipboard here (plain HTTP, a refusal): the key is selected for Ctrl+C instead.
    const selection = window.getSelection();
    if (!keyRef.current || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(keyRef.current);
    selection.removeAllRanges();
    selection.addRange(range);
  }

  return (
    <section className="api-key-new" aria-labelledby="api-key-new-title">
      <h3 id="api-key-new-title" ref={headingRef} tabIndex={-1}>
        Your new key {name}
      </h3>
      <p>
        <strong>Copy it now: it will not be shown again.</strong> Keep it as you would a password. If it is
        lost, revoke it and create another.
      </p>
      <pre className="api-key-new__key">
        <code ref={keyRef} data-testid="new-api-key">
          {apiKey}
        </code>
      </pre>
      <div className="shortlist__actions">
        <button
          className="button button--secondary button--small"
          type="button"
          data-state={state}
          onClick={() => void onCopy()}
        >
          {state === 'copied' ? 'Copied' : 'Copy key'}
        </button>
        <button className="button button--primary button--small" type="button" onClick={onDone}>
          I have copied it
        </button>
      </div>
      <p className="config-snippet__status" role="status">
        {state === 'copied' ? 'Copied to the clipboard.' : null}
        {state === 'failed'
          ? 'Your browser would not let us copy: the key is selected, copy it yourself.'
          : null}
      </p>
    </section>
  );
}
