import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import type { SessionUser } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-provider';
import { OrganizationProfileForm } from './organization-profile-form';

// The employer's organization profile (spec: organization, e-mail, phone) with an edit mode.

export function OrganizationProfile({ user }: { user: SessionUser }) {
  const { updateUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Leaving edit mode puts focus back on Edit, the button that opened the form.
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editRef.current?.focus();
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  return (
    <section className="dashboard-panel" aria-labelledby="organization-title">
      <h2 id="organization-title">Organization profile</h2>
      {message ? <FormAlert kind="success">{message}</FormAlert> : null}
      {editing ? (
        <OrganizationProfileForm
          user={user}
          onSaved={(answer) => {
            updateUser(answer.user);
            setMessage(answer.message);
            close();
          }}
          onCancel={close}
        />
      ) : (
        <>
          <dl className="profile-facts">
            <dt>Organization</dt>
            <dd>{user.organization}</dd>
            <dt>Contact</dt>
            <dd>{user.full_name}</dd>
            <dt>E-mail</dt>
            <dd>{user.email}</dd>
            <dt>Phone</dt>
            <dd>{user.phone || 'Not given'}</dd>
          </dl>
          <button
            className="button button--secondary"
            type="button"
            ref={editRef}
            onClick={() => {
              setMessage(null);
              setEditing(true);
            }}
          >
            Edit<span className="visually-hidden"> organization profile</span>
          </button>
        </>
      )}
    </section>
  );
}
