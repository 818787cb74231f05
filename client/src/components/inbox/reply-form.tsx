import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorText } from '../../lib/api/api-client';
import { CONTACT_MESSAGE_MAX } from '../../lib/api/contact-requests';
import { LimitedTextArea } from '../form/limited-text-area';

// The reply to one request: a message (at most CONTACT_MESSAGE_MAX characters), sent by the
// inbox's own call. Opens with focus in the message; Cancel or a sent reply closes it.

export function ReplyForm({
  idPrefix,
  label,
  onSend,
  onClose,
  hint = 'Sent by e-mail to the person who asked, and kept here under the request.',
}: {
  idPrefix: string;
  label: string;
  /** What happens to the reply, under the field. */
  hint?: string;
  onSend: (message: string) => Promise<void>;
  onClose: () => void;
}) {
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    fieldRef.current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (message.trim() === '') {
      setFailure('Please write a reply');
      fieldRef.current?.focus();
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      await onSend(message.trim());
    } catch (error) {
      setFailure(errorText(error, 'Failed to send the reply'));
      setSending(false);
    }
  }

  return (
    <form className="reply-form" aria-label={label} noValidate onSubmit={(event) => void submit(event)}>
      <LimitedTextArea
        id={`${idPrefix}-reply`}
        label="Your reply"
        value={message}
        onChange={setMessage}
        max={CONTACT_MESSAGE_MAX}
        required
        rows={4}
        hint={hint}
        error={failure}
        textAreaRef={fieldRef}
      />
      <div className="form-actions">
        <button className="button button--primary button--small" type="submit" disabled={sending}>
          {sending ? 'Sending...' : 'Send reply'}
        </button>
        <button
          className="button button--secondary button--small"
          type="button"
          onClick={onClose}
          disabled={sending}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
