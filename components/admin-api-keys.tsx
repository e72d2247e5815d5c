'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AccountSelect, useAccountTree } from './account-options';
import { dateTime } from './date-picker';
import { Field, fieldErrors, FormFooter, saveErrorOf } from './form-fields';
import { ConfirmButton } from './confirm-button';
import { useTRPC } from './providers';
import { CopyableSecret } from './secret';
import { QueryStatus, TableHead } from './data-list';

/** API keys of the admin's accounts: create one for a user and environment (secret shown once), list, revoke. */
export function ApiKeysAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { accounts } = useAccountTree();
  const users = useQuery(trpc.admin.users.list.queryOptions());
  const activeUsers = (users.data ?? []).filter((u) => !u.disabledAt);
  const list = useQuery(trpc.admin.apiKeys.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.apiKeys.list.queryKey() });
  const [accountId, setAccountId] = useState<number | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const [environment, setEnvironment] = useState<'live' | 'sandbox'>('live');
  const [secret, setSecret] = useState<{ label: string; key: string } | null>(null);

  const create = useMutation(
    trpc.admin.apiKeys.create.mutationOptions({
      onSuccess: async (created) => {
        setSecret({ label: `New ${created.environment} key for ${created.externalUserId}`, key: created.key });
        await refresh();
      },
    }),
  );
  const revoke = useMutation(trpc.admin.apiKeys.revoke.mutationOptions({ onSuccess: () => refresh() }));
  const error = create.error ? saveErrorOf(create.error) : null;
  const { errorField, errorFor } = fieldErrors(error, ['accountId', 'userId', 'environment']);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSecret(null);
    create.mutate({
      accountId: accountId ?? accounts[0]?.id ?? 0,
      userId: userId ?? activeUsers[0]?.id ?? 0,
      environment,
    });
  };

  const keys = list.data ?? [];
  return (
    <>
      <h1>API keys</h1>
      {secret ? (
        <CopyableSecret
          label={secret.label}
          secret={secret.key}
          note="Shown once and stored only as a hash. Clients send it with HTTP Basic auth as <user id>:<key>."
        />
      ) : null}
      <section className="panel" aria-labelledby="create-key-heading">
        <h2 id="create-key-heading">Create a key</h2>
        <form onSubmit={submit} noValidate>
          <div className="settings-form">
            <Field
              name="accountId"
              label="Account"
              error={errorFor('accountId')}
              hint="Requests with the key act on this account and its branches"
            >
              <AccountSelect id="f-accountId" accounts={accounts} value={accountId} onChange={setAccountId} />
            </Field>
            <Field name="userId" label="User" error={errorFor('userId')} hint="The user id is the Basic auth user name">
              <select
                id="f-userId"
                value={userId ?? activeUsers[0]?.id ?? ''}
                onChange={(e) => setUserId(Number(e.target.value))}
              >
                {activeUsers.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.externalUserId}
                    {u.email ? ` (${u.email})` : ''}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              name="environment"
              label="Environment"
              error={errorFor('environment')}
              hint="Sandbox keys see only sandbox jobs and itineraries"
            >
              <select
                id="f-environment"
                value={environment}
                onChange={(e) => setEnvironment(e.target.value as 'live' | 'sandbox')}
              >
                <option value="live">Live</option>
                <option value="sandbox">Sandbox</option>
              </select>
            </Field>
          </div>
          <FormFooter
            error={error}
            errorField={errorField}
            pending={create.isPending}
            disabled={accounts.length === 0 || activeUsers.length === 0}
            label="Create key"
            pendingLabel="Creating…"
          />
        </form>
      </section>
      <section className="panel" aria-labelledby="keys-heading">
        <h2 id="keys-heading">Keys of your accounts</h2>
        <QueryStatus query={list} actionError={revoke.error} empty={keys.length === 0 ? 'No keys yet.' : null} />
        {keys.length > 0 ? (
          <table className="data" data-testid="api-key-list">
            <TableHead columns={['Key', 'Environment', 'Account', 'User', 'Created', 'Last used', 'Status']} actions />
            <tbody>
              {keys.map((key) => (
                <tr key={key.id} data-testid="api-key-row">
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{key.environment}</td>
                  <td>{key.accountName}</td>
                  <td>{key.externalUserId}</td>
                  <td>{dateTime(key.createdAt)}</td>
                  <td>{key.lastUsedAt ? dateTime(key.lastUsedAt) : 'never'}</td>
                  <td>
                    {key.revokedAt ? (
                      <span className="status status-failed">revoked</span>
                    ) : (
                      <span className="status status-complete">active</span>
                    )}
                  </td>
                  <td>
                    {key.revokedAt ? null : (
                      <ConfirmButton
                        label="Revoke"
                        ariaLabel={`Revoke key ${key.prefix}`}
                        question="Revoke this key? Requests with it fail at once; this cannot be undone."
                        confirmLabel="Revoke key"
                        onConfirm={() => revoke.mutate({ keyId: key.id })}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </>
  );
}
