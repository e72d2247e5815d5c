'use client';

import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AccountSelect, useAccountTree } from '../account-options';
import { useTRPC } from '../providers';
import type { SettingsView } from './use-settings-form';

/** The account picked on a settings page (the caller's own account until another is chosen) and its settings. */
function useAccountSettings() {
  const trpc = useTRPC();
  const { tree, accounts } = useAccountTree();
  const [chosen, setChosen] = useState<number | null>(null);
  const accountId = chosen ?? accounts[0]?.id ?? null;
  const settings = useQuery({
    ...trpc.settings.get.queryOptions({ accountId: accountId ?? 0 }),
    enabled: accountId !== null,
  });
  const nameOf = (id: number | null) => {
    if (id === null) return null;
    const account = accounts.find((a) => a.id === id);
    return account ? `${account.name} (#${id})` : `#${id}`;
  };
  return { tree, accounts, accountId, setAccountId: setChosen, settings, nameOf };
}

function AccountPicker({
  accounts,
  accountId,
  onChange,
}: {
  accounts: { id: number; name: string; depth: number }[];
  accountId: number | null;
  onChange: (id: number) => void;
}) {
  return (
    <div className="inline-field">
      <label htmlFor="account-picker">Account</label>
      <AccountSelect id="account-picker" accounts={accounts} value={accountId} onChange={onChange} />
    </div>
  );
}

/** The frame every settings editor shares: heading, account picker, errors and loading; `render` draws the rest. */
export function SettingsPage({
  title,
  render,
}: {
  title: string;
  render: (data: SettingsView, nameOf: (id: number | null) => string | null) => ReactNode;
}) {
  const { tree, accounts, accountId, setAccountId, settings, nameOf } = useAccountSettings();
  const data = settings.data;
  return (
    <>
      <h1>{title}</h1>
      {tree.error ? <p className="alert">{tree.error.message}</p> : null}
      <div className="toolbar">
        <AccountPicker accounts={accounts} accountId={accountId} onChange={setAccountId} />
      </div>
      {settings.error ? <p className="alert">{settings.error.message}</p> : null}
      {settings.isPending && accountId !== null ? <p className="muted">Loading…</p> : null}
      {data ? render(data, nameOf) : null}
    </>
  );
}

/** The effective (inherited and defaulted) settings beside the form, with where they come from. */
export function EffectiveSettings({ title, source, children }: { title: string; source: string; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby="effective">
      <h2 id="effective">{title}</h2>
      <p data-testid="effective-source">{source}</p>
      {children}
    </section>
  );
}
