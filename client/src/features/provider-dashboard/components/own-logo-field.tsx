import { checkLogo, LOGO_MAX_BYTES, LOGO_MAX_SIDE, LOGO_TOO_LARGE_MESSAGE } from '@agentry/domain/logo-image';
import { useId, useRef, useState } from 'react';
import { AgentLogo } from '../../../components/agent-card/agent-logo';
import { errorText } from '../../../lib/api/api-client';
import { removeOwnLogo, uploadOwnLogo } from '../api/own-agent-logo';

// The logo of one of the provider's agents (issue 25), beside its edit form: the picture we show
// (its site's icon, found by the link checker, or what they uploaded), a file to upload instead,
// checked here by the same rules as on the server (domain/logo-image.ts) so a wrong file is said at
// once, and a way to take an upload back. Saved as soon as it is chosen, apart from the form.

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/x-icon,.ico';

export function OwnLogoField({
  agentId,
  name,
  logo,
  onChange,
}: {
  agentId: string;
  name: string;
  logo: string | null;
  onChange: (logo: string | null) => void;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const statusId = `${inputId}-status`;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);

  const run = async (work: () => Promise<string | null>, done: (now: string | null) => string) => {
    setBusy(true);
    setStatus(null);
    try {
      const now = await work();
      onChange(now);
      setStatus({ text: done(now), error: false });
    } catch (error) {
      setStatus({ text: errorText(error, 'The logo could not be saved. Please try again.'), error: true });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      setStatus({ text: LOGO_TOO_LARGE_MESSAGE, error: true });
      return;
    }
    const checked = checkLogo(new Uint8Array(await file.arrayBuffer()));
    if (!checked.ok) {
      setStatus({ text: checked.message, error: true });
      return;
    }
    await run(
      () => uploadOwnLogo(agentId, file),
      () => 'Logo saved.',
    );
  };

  return (
    <div className="own-logo">
      <AgentLogo name={name} logo={logo} size={56} labelled />
      <div className="own-logo__controls">
        <label className="own-logo__label" htmlFor={inputId}>
          Logo
        </label>
        <p className="form-field__hint" id={hintId}>
          Without one, we show your website’s icon once our link checker finds it. PNG, JPEG, WebP, GIF or
          ICO, at most {LOGO_MAX_BYTES / 1000} kB and {LOGO_MAX_SIDE} × {LOGO_MAX_SIDE} pixels.
        </p>
        <input
          id={inputId}
          ref={input}
          type="file"
          accept={ACCEPT}
          disabled={busy}
          aria-describedby={`${hintId} ${statusId}`}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        {logo ? (
          <button
            className="button button--secondary button--small"
            type="button"
            disabled={busy}
            onClick={() =>
              void run(
                () => removeOwnLogo(agentId),
                // The same picture after: it was the website's icon, which is not ours to remove.
                (now) =>
                  now === logo
                    ? 'This is your website’s icon: there is no uploaded logo to remove.'
                    : 'Uploaded logo removed.',
              )
            }
          >
            Remove uploaded logo
          </button>
        ) : null}
        <p
          id={statusId}
          className={status?.error ? 'form-field__error' : 'own-logo__status'}
          role={status?.error ? 'alert' : 'status'}
        >
          {status?.text ?? ''}
        </p>
      </div>
    </div>
  );
}
