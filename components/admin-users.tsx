'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AccountSelect, useAccountTree } from './account-options';
import { Field, fieldErrors, FormFooter, saveErrorOf } from './form-fields';
import { ConfirmButton } from './confirm-button';
import { useTRPC } from './providers';
import { CopyableSecret } from './secret';
import { QueryStatus, TableHead } from './data-list';

/** Console users of the admin's accounts: invite with a role, reset a password, disable or enable. */
export function UsersAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { accounts } = useAccountTree();
  const list = useQuery(trpc.admin.users.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.users.list.queryKey() });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'admin' | 'dispatcher'>('dispatcher');
  const [accountId, setAccountId] = useState<number | null>(null);
  const [secret, setSecret] = useState<{ label: string; password: string } | null>(null);

  const invite = useMutation(
    trpc.admin.users.invite.mutationOptions({
      onSuccess: async ({ user, password }) => {
        setSecret({ label: `Password for ${user.email ?? user.externalUserId}`, password });
        setEmail('');
        await refresh();
      },
    }),
  );
  const reset = useMutation(
    trpc.admin.users.resetPassword.mutationOptions({
      onMutate: () => setSecret(null),
      onSuccess: ({ password }, { userId }) => {
        const user = list.data?.find((u) => u.id === userId);
        setSecret({ label: `New password for ${user?.email ?? `user ${userId}`}`, password });
      },
    }),
  );
  const disable = useMutation(trpc.admin.users.setDisabled.mutationOptions({ onSuccess: () => refresh() }));

  const error = invite.error ? saveErrorOf(invite.error) : null;
  const { errorField, errorFor } = fieldErrors(error, ['email', 'role', 'accountId', 'externalUserId']);
  const actionError = reset.error ?? disable.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSecret(null);
    invite.mutate({ email, role, accountId: accountId ?? accounts[0]?.id ?? 0 });
  };

  const users = list.data ?? [];
  return (
    <>
      <h1>Users</h1>
      {secret ? (
        <CopyableSecret
          label={secret.label}
          secret={secret.password}
          note="Shown once: give it to the user; they sign in with their email and this password."
        />
      ) : null}
      <section className="panel" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite a console user</h2>
        <form onSubmit={submit} noValidate>
          <div className="settings-form">
            <Field name="email" label="Email" error={errorFor('email')}>
              <input
                id="f-email"
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={errorFor('email') ? true : undefined}
                required
              />
            </Field>
            <Field
              name="role"
              label="Role"
              error={errorFor('role')}
              hint="Dispatchers plan and book; admins also manage accounts, users, keys and settings"
            >
              <select id="f-role" value={role} onChange={(e) => setRole(e.target.value as 'admin' | 'dispatcher')}>
                <option value="dispatcher">Dispatcher</option>
                <option value="admin">Admin</option>
              </select>
            </Field>
            <Field
              name="accountId"
              label="Account"
              error={errorFor('accountId')}
              hint="The account the user sees, with its branches"
            >
              <AccountSelect id="f-accountId" accounts={accounts} value={accountId} onChange={setAccountId} />
            </Field>
          </div>
          <FormFooter
            error={error}
            errorField={errorField}
            pending={invite.isPending}
            disabled={accounts.length === 0}
            label="Invite user"
            pendingLabel="Inviting…"
          />
        </form>
      </section>
      <section className="panel" aria-labelledby="users-heading">
        <h2 id="users-heading">Users of your accounts</h2>
        <QueryStatus query={list} actionError={actionError} empty={users.length === 0 ? 'No users yet.' : null} />
        {users.length > 0 ? (
          <table className="data" data-testid="user-list">
            <TableHead columns={['User', 'Email', 'Role', 'Account', 'Status']} actions />
            <tbody>
              {users.map((user) => (
                <tr key={user.id} data-testid="user-row">
                  <td>{user.externalUserId}</td>
                  <td>{user.email ?? <span className="muted">API only</span>}</td>
                  <td>{user.role ?? '–'}</td>
                  <td>{user.accountName}</td>
                  <td>
                    {user.disabledAt ? (
                      <span className="status status-failed">disabled</span>
                    ) : (
                      <span className="status status-complete">active</span>
                    )}
                    {user.passwordChangeRequired && !user.disabledAt ? (
                      <span className="muted" data-testid="password-pending">
                        {' '}
                        password not yet changed
                      </span>
                    ) : null}
                  </td>
                  <td className="row-actions">
                    {user.email ? (
                      <ConfirmButton
                        label="Reset password"
                        className="secondary small"
                        ariaLabel={`Reset password of ${user.email}`}
                        question="Replace the password? The current one stops working and open sessions end."
                        confirmLabel="Reset password"
                        onConfirm={() => reset.mutate({ userId: user.id })}
                      />
                    ) : null}{' '}
                    {user.disabledAt ? (
                      <button
                        type="button"
                        className="secondary small"
                        onClick={() => disable.mutate({ userId: user.id, disabled: false })}
                        aria-label={`Enable ${user.email ?? user.externalUserId}`}
                      >
                        Enable
                      </button>
                    ) : (
                      <ConfirmButton
                        label="Disable"
                        ariaLabel={`Disable ${user.email ?? user.externalUserId}`}
                        question="Disable this user? Their sessions end and their API keys are refused until enabled again."
                        confirmLabel="Disable user"
                        onConfirm={() => disable.mutate({ userId: user.id, disabled: true })}
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
