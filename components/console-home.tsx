'use client';

import { useQuery } from '@tanstack/react-query';
import type { AccountNode } from './account-tree';
import { useTRPC } from './providers';
import { QueryStatus } from './data-list';

function AccountTree({ node }: { node: AccountNode }) {
  return (
    <li>
      <span className="node">
        <strong>{node.name}</strong>
        <span className="id">#{node.id}</span>
        {node.location ? <span className="muted">{node.location}</span> : null}
      </span>
      {node.children.length > 0 ? (
        <ul>
          {node.children.map((child) => (
            <AccountTree key={child.id} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function ConsoleHome() {
  const trpc = useTRPC();
  const me = useQuery(trpc.me.queryOptions());
  const tree = useQuery(trpc.accounts.tree.queryOptions());
  return (
    <>
      <h1>Console</h1>
      <section className="panel" aria-labelledby="you">
        <h2 id="you">You</h2>
        <QueryStatus query={me} />
        {me.data ? (
          <dl className="facts">
            <dt>Email</dt>
            <dd>{me.data.email}</dd>
            <dt>Role</dt>
            <dd>{me.data.role}</dd>
            <dt>User ID</dt>
            <dd>
              <code>{me.data.externalUserId}</code>
            </dd>
            <dt>Account</dt>
            <dd>
              {me.data.account.name} <span className="muted">#{me.data.account.id}</span>
            </dd>
          </dl>
        ) : null}
      </section>
      <section className="panel" aria-labelledby="accounts">
        <h2 id="accounts">Account tree</h2>
        <QueryStatus query={tree} />
        {tree.data ? (
          <ul className="tree" data-testid="account-tree">
            <AccountTree node={tree.data} />
          </ul>
        ) : null}
      </section>
    </>
  );
}
