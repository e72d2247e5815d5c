import { useQuery } from '@tanstack/react-query';
import { flattenAccountTree, type FlatAccount } from './account-tree';
import { useTRPC } from './providers';

/** The signed-in user's account tree (the query) and its accounts in display order, for pickers. */
export function useAccountTree() {
  const trpc = useTRPC();
  const tree = useQuery(trpc.accounts.tree.queryOptions());
  return { tree, accounts: tree.data ? flattenAccountTree(tree.data) : [] };
}

/** The options of an account picker: the tree in display order, indented by depth, with each id. */
export function AccountOptions({ accounts }: { accounts: readonly FlatAccount[] }) {
  return (
    <>
      {accounts.map((a) => (
        <option key={a.id} value={a.id}>
          {`${'\u00a0\u00a0'.repeat(a.depth)}${a.name} (#${a.id})`}
        </option>
      ))}
    </>
  );
}

/** An account picker that shows the first account until one is chosen. */
export function AccountSelect({
  id,
  accounts,
  value,
  onChange,
}: {
  id: string;
  accounts: readonly FlatAccount[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  return (
    <select id={id} value={value ?? accounts[0]?.id ?? ''} onChange={(e) => onChange(Number(e.target.value))}>
      <AccountOptions accounts={accounts} />
    </select>
  );
}
