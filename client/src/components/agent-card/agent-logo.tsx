import { initials } from '@agentry/domain/initials';
import { useState } from 'react';

// An agent's logo (issue 25): the picture we store and serve for it (its site's icon or its
// provider's upload, never another site's address), or its initials on a colour of its own when it
// has none or the picture fails to load, so a listing never shows a broken image. Beside the
// agent's name the picture adds nothing a screen reader needs (alt=""); alone, it is named.

interface AgentLogoProps {
  name: string;
  logo: string | null | undefined;
  /** Pixels a side: one of the sizes agent-card.css draws (no inline style: the CSP allows none). */
  size?: LogoSize;
  /** The name is not written beside it: the picture says whose logo it is. */
  labelled?: boolean;
  className?: string;
}

export type LogoSize = 40 | 56 | 72;

/** How many colours agent-card.css gives initials (agent-logo--tone-0 …). */
const TONES = 8;

/** A colour from the name, so one agent keeps its colour everywhere. */
function toneOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 1_000_003;
  return hash % TONES;
}

export function AgentLogo({ name, logo, size = 40, labelled = false, className = '' }: AgentLogoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = `agent-logo agent-logo--${size} ${className}`;
  if (logo && failed !== logo) {
    return (
      <img
        className={classes}
        src={logo}
        alt={labelled ? `Logo of ${name}` : ''}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(logo)}
      />
    );
  }
  const letters = initials(name.replace(/[^\p{L}\p{N}\s]/gu, ' ')) || '?';
  const initialsClasses = `${classes} agent-logo--initials agent-logo--tone-${toneOf(name)}`;
  if (labelled) {
    return (
      <span className={initialsClasses} role="img" aria-label={`Logo of ${name}`}>
        {letters}
      </span>
    );
  }
  return (
    <span className={initialsClasses} aria-hidden="true">
      {letters}
    </span>
  );
}
