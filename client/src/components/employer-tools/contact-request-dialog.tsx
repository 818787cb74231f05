import type { ContactRequestBody, SentContactRequest } from '@agentry/domain/contract/employer';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from '../../lib/api/api-client';
import { CONTACT_MESSAGE_MAX, PREFERRED_TIMES_MAX, sendContactRequest } from '../../lib/api/contact-requests';
import { requiresSubscription } from '../../lib/api/requires-subscription';
import { useAuth } from '../../lib/auth/auth-provider';
import { useEmployerAccess } from '../../lib/auth/employer-access';
import { EmailConfirmationBanner } from '../account/email-confirmation-banner';
import { FormAlert } from '../form/form-alert';
import { LimitedTextArea } from '../form/limited-text-area';
import { DialogCloseButton, ModalDialog } from '../ui/modal-dialog';
import { SubscribeInvitation } from './subscribe-invitation';

// "Contact / Request demo": an employer writes to an agent's provider. Who is asking comes from
// the employer's profile on the server (shown here, read-only), never from the form. The server's
// refusals (throttled, sent about this agent just now) are said as it words them. An agent nobody
// has claimed has no provider to write to: the request goes to staff's inbox (sent_to 'admin'),
// and the confirmation says so instead of promising the provider's reply.

export interface DialogAgent {
  id: string;
  /** Decoded, as people read it. */
  name: string;
}

export function ContactRequestDialog({
  agent,
  onClose,
  returnFocusTo,
}: {
  agent: DialogAgent;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const access = useEmployerAccess();
  const [lapsed, setLapsed] = useState(false);
  const [sent, setSent] = useState<Pick<SentContactRequest, 'kind' | 'sent_to'> | null>(null);
  const [busy, setBusy] = useState(false);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);

  const canWrite = access === 'active' && !lapsed;
  return (
    <ModalDialog
      title={`Contact the provider of ${agent.name}`}
      onDismiss={onClose}
      busy={busy}
      initialFocus={messageRef}
      returnFocusTo={returnFocusTo}
    >
      {!canWrite ? (
        <>
          <SubscribeInvitation access={lapsed ? 'lapsed' : access} />
          <DialogCloseButton onClose={onClose} />
        </>
      ) : sent ? (
        <>
          <div className="dialog__body" ref={doneRef} tabIndex={-1}>
            <FormAlert kind="success">
              Your {sent.kind === 'demo' ? 'demo request' : 'message'} about {agent.name} was sent
              {sent.sent_to === 'admin' ? ` to the ${PRODUCT_NAME} team` : ''}.
            </FormAlert>
            <p>
              {sent.sent_to === 'admin'
                ? `Nobody has claimed this agent on ${PRODUCT_NAME} yet, so there is no provider to pass it to: our staff read it and reply by e-mail.`
                : 'The provider replies by e-mail.'}{' '}
              Replies also show under <Link to="/employer-dashboard">Your requests</Link> on your dashboard.
            </p>
          </div>
          <DialogCloseButton onClose={onClose} />
        </>
      ) : (
        <ContactForm
          agentId={agent.id}
          messageRef={messageRef}
          onBusy={setBusy}
          onSent={setSent}
          onLapsed={() => setLapsed(true)}
          onCancel={onClose}
        />
      )}
    </ModalDialog>
  );
}

function ContactForm({
  agentId,
  messageRef,
  onBusy,
  onSent,
  onLapsed,
  onCancel,
}: {
  agentId: string;
  messageRef: RefObject<HTMLTextAreaElement | null>;
  onBusy: (busy: boolean) => void;
  onSent: (request: Pick<SentContactRequest, 'kind' | 'sent_to'>) => void;
  onLapsed: () => void;
  onCancel: () => void;
}) {
  const { state } = useAuth();
  const user = state.user;
  const [kind, setKind] = useState<ContactRequestBody['kind']>('contact');
  const [message, setMessage] = useState('');
  const [times, setTimes] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (message.trim() === '') {
      setMessageError('Please write a message');
      messageRef.current?.focus();
      return;
    }
    setMessageError(null);
    setFailure(null);
    setSending(true);
    onBusy(true);
    try {
      const request = await sendContactRequest({
        agent_id: agentId,
        kind,
        message: message.trim(),
        preferred_times: times.trim(),
      });
      onSent({ kind, sent_to: request.sent_to });
    } catch (error) {
      if (requiresSubscription(error)) onLapsed();
      else setFailure(errorText(error, 'Failed to send your request. Please try again.'));
    } finally {
      setSending(false);
      onBusy(false);
    }
  }

  return (
    <form
      className="contact-form"
      noValidate
      aria-label="Contact request"
      onSubmit={(event) => void submit(event)}
    >
      {user?.email_verified === false ? (
        // Told before the message is written, not after it is refused (issue 25).
        <EmailConfirmationBanner email={user.email}>
          Requests to providers need a confirmed address.
        </EmailConfirmationBanner>
      ) : null}
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      <fieldset className="contact-form__kind">
        <legend>What would you like?</legend>
        <label>
          <input
            type="radio"
            name="kind"
            value="contact"
            checked={kind === 'contact'}
            onChange={() => setKind('contact')}
          />{' '}
          Contact the provider
        </label>
        <label>
          <input
            type="radio"
            name="kind"
            value="demo"
            checked={kind === 'demo'}
            onChange={() => setKind('demo')}
          />{' '}
          Request a demo
        </label>
      </fieldset>
      <LimitedTextArea
        id="contact-message"
        label="Message"
        value={message}
        onChange={(next) => {
          setMessage(next);
          // "Please write a message" goes as soon as there is one.
          if (next.trim() !== '') setMessageError(null);
        }}
        max={CONTACT_MESSAGE_MAX}
        required
        error={messageError}
        textAreaRef={messageRef}
      />
      {kind === 'demo' ? (
        <div className="field form-field">
          <label htmlFor="contact-times">
            Preferred times<span className="form-field__optional"> (optional)</span>
          </label>
          <p className="form-field__hint" id="contact-times-hint">
            When a demo would suit you, with your time zone.
          </p>
          <input
            id="contact-times"
            type="text"
            value={times}
            maxLength={PREFERRED_TIMES_MAX}
            aria-describedby="contact-times-hint"
            onChange={(event) => setTimes(event.target.value)}
          />
        </div>
      ) : null}
      {user ? (
        <div className="contact-form__profile">
          <p>
            Sent with your profile: {user.full_name}, {user.organization}, {user.email}
            {user.phone ? `, ${user.phone}` : ''}
          </p>
          <p className="form-field__hint">
            To change these, edit your profile on <Link to="/employer-dashboard">your dashboard</Link>.
          </p>
        </div>
      ) : null}
      <div className="dialog__actions">
        <button className="button button--secondary" type="button" onClick={onCancel} disabled={sending}>
          Cancel
        </button>
        <button className="button button--primary" type="submit" disabled={sending}>
          {sending ? 'Sending...' : kind === 'demo' ? 'Request demo' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
