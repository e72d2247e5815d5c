'use client';

import { useState } from 'react';

/** A secret shown once (a new API key, a generated password), with a copy button. */
export function CopyableSecret({ label, secret, note }: { label: string; secret: string; note: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className="secret" aria-label={label} data-testid="one-time-secret">
      <strong>{label}:</strong>
      <code data-testid="secret-value">{secret}</code>
      <button type="button" className="secondary small" onClick={() => void copy()}>
        Copy
      </button>
      <span role="status">
        {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Copying failed: select the text and copy it.' : ''}
      </span>
      <span className="muted">{note}</span>
    </section>
  );
}
