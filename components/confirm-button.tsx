'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A button for an action that cannot be undone (revoking a key, disabling a user, replacing a
 * password): the first press asks, in place, and only the confirm button acts. Focus moves to the
 * confirm button; Escape or Cancel puts the original button back and focuses it.
 */
export function ConfirmButton({
  label,
  ariaLabel,
  question,
  confirmLabel,
  className = 'danger small',
  onConfirm,
}: {
  label: string;
  /** Names the action and its object for assistive technology (`Revoke key rk_live_ab12…`). */
  ariaLabel: string;
  /** What pressing confirm will do, as a question (`Revoke this key? Requests with it will fail.`). */
  question: string;
  confirmLabel: string;
  className?: string;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) askRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button ref={askRef} type="button" className={className} aria-label={ariaLabel} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setAsking(false);
  };
  return (
    <span className="confirm" role="group" aria-label={ariaLabel} onKeyDown={cancelOnEscape}>
      <span className="confirm-question">{question}</span>{' '}
      <button
        ref={confirmRef}
        type="button"
        className="danger small"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>{' '}
      <button type="button" className="secondary small" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
