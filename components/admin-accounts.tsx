'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { AccountSelect, useAccountTree } from './account-options';
import type { AccountNode } from './account-tree';
import { Field, fieldErrors, FormFooter, numberOrUndefined, saveErrorOf } from './form-fields';
import { useTRPC } from './providers';
import { QueryStatus } from './data-list';

const LOCATION_FIELDS = ['addressLine1', 'city', 'state', 'postalCode', 'latitude', 'longitude'] as const;
const FIELDS = ['name', 'parentId', ...LOCATION_FIELDS.map((f) => `location.${f}`)];

function Tree({ node }: { node: AccountNode }) {
  return (
    <li>
      <span>
        <strong>{node.name}</strong> <span className="muted">#{node.id}</span>
        {node.location ? (
          <span className="muted"> · {node.location}</span>
        ) : (
          <span className="muted"> · no location</span>
        )}
      </span>
      {node.children.length > 0 ? (
        <ul>
          {node.children.map((child) => (
            <Tree key={child.id} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The account tree and "create a branch" (with its location); pickup overrides are edited on the Pickup locations page. */
export function AccountsAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { tree, accounts } = useAccountTree();
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState<number | null>(null);
  const [location, setLocation] = useState<Record<(typeof LOCATION_FIELDS)[number], string>>({
    addressLine1: '',
    city: '',
    state: '',
    postalCode: '',
    latitude: '',
    longitude: '',
  });
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation(
    trpc.admin.createBranch.mutationOptions({
      onSuccess: async (account) => {
        setCreated(`Created ${account.name} (#${account.id}).`);
        setName('');
        await queryClient.invalidateQueries({ queryKey: trpc.accounts.tree.queryKey() });
      },
    }),
  );
  const error = create.error ? saveErrorOf(create.error) : null;
  const { errorField, errorFor } = fieldErrors(error, FIELDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    const text = Object.fromEntries(
      (['addressLine1', 'city', 'state', 'postalCode'] as const)
        .filter((f) => location[f].trim() !== '')
        .map((f) => [f, location[f].trim()]),
    );
    const coordinates =
      location.latitude.trim() !== '' || location.longitude.trim() !== ''
        ? { latitude: numberOrUndefined(location.latitude), longitude: numberOrUndefined(location.longitude) }
        : {};
    const hasLocation = Object.keys(text).length > 0 || Object.keys(coordinates).length > 0;
    create.mutate({
      name,
      parentId: parentId ?? accounts[0]?.id ?? 0,
      ...(hasLocation ? { location: { ...text, ...coordinates } } : {}),
    });
  };

  return (
    <>
      <h1>Accounts</h1>
      <section className="panel" aria-labelledby="tree-heading">
        <h2 id="tree-heading">Your account and its branches</h2>
        <QueryStatus query={tree} />
        {tree.data ? (
          <ul className="account-tree" data-testid="admin-account-tree">
            <Tree node={tree.data} />
          </ul>
        ) : null}
        <p className="muted">
          Set a branch&apos;s pickup override or change its location on{' '}
          <Link href="/console/admin/pickup-locations">Pickup locations</Link>.
        </p>
      </section>
      <section className="panel" aria-labelledby="branch-heading">
        <h2 id="branch-heading">Create a branch</h2>
        <form onSubmit={submit} noValidate>
          <div className="settings-form">
            <Field name="name" label="Name" error={errorFor('name')}>
              <input
                id="f-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={errorFor('name') ? true : undefined}
                required
              />
            </Field>
            <Field name="parentId" label="Under" error={errorFor('parentId')}>
              <AccountSelect id="f-parentId" accounts={accounts} value={parentId} onChange={setParentId} />
            </Field>
            {LOCATION_FIELDS.map((field) => (
              <Field
                key={field}
                name={`location.${field}`}
                label={
                  {
                    addressLine1: 'Address',
                    city: 'City',
                    state: 'State',
                    postalCode: 'ZIP code',
                    latitude: 'Latitude',
                    longitude: 'Longitude',
                  }[field]
                }
                error={errorFor(`location.${field}`)}
                hint={field === 'latitude' ? 'Optional; with the longitude it pins the pickup point' : undefined}
              >
                <input
                  id={`f-location.${field}`}
                  value={location[field]}
                  inputMode={field === 'latitude' || field === 'longitude' ? 'decimal' : undefined}
                  onChange={(e) => setLocation((current) => ({ ...current, [field]: e.target.value }))}
                  aria-invalid={errorFor(`location.${field}`) ? true : undefined}
                />
              </Field>
            ))}
          </div>
          <FormFooter
            error={error}
            errorField={errorField}
            pending={create.isPending}
            disabled={accounts.length === 0}
            label="Create branch"
            pendingLabel="Creating…"
          >
            {created ? (
              <span role="status" className="saved">
                {created}
              </span>
            ) : null}
          </FormFooter>
        </form>
      </section>
    </>
  );
}
