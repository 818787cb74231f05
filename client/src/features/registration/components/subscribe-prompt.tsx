import { forwardRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountSetupLink } from '../utils/account-setup-link';

// The answer to a used free listing (spec section 4): the server's message and a way on to an
// account with the provider plan, carrying the e-mail so it need not be typed again.

export const SubscribePrompt = forwardRef<HTMLDivElement, { message: string; email: string }>(
  function SubscribePrompt({ message, email }, ref) {
    const navigate = useNavigate();
    return (
      <div className="form-alert form-alert--info subscribe-prompt" role="alert" ref={ref} tabIndex={-1}>
        <p>{message}</p>
        <button
          className="button button--primary"
          type="button"
          onClick={() => {
            const { to, state } = accountSetupLink(email);
            navigate(to, { state });
          }}
        >
          Create Account &amp; Subscribe
        </button>
      </div>
    );
  },
);
