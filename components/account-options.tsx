import type { FlatAccount } from './account-tree';

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
