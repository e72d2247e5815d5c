import type { RouterOutputs } from '@/server/api';

/** The signed-in user's account and its branches, as the console API returns it. */
export type AccountNode = RouterOutputs['accounts']['tree'];

export interface FlatAccount {
  id: number;
  name: string;
  depth: number;
}

/** The tree in display order (depth first), each account with its depth for indentation. */
export function flattenAccountTree(node: AccountNode, depth = 0): FlatAccount[] {
  return [{ id: node.id, name: node.name, depth }, ...node.children.flatMap((c) => flattenAccountTree(c, depth + 1))];
}
