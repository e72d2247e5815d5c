import { TRPCError } from '@trpc/server';
import { getAccount, listSubtree, type Account } from '@/server/accounts';
import { z } from 'zod';
import { adminRouter } from './routers/admin';
import { bookingRouter } from './routers/booking';
import { itinerariesRouter } from './routers/itineraries';
import { routingJobsRouter } from './routers/routing-jobs';
import { settingsRouter } from './routers/settings';
import { protectedProcedure, router } from './trpc';

/**
 * The console's tRPC API (the root router). Each area has its router in ./routers, built from the
 * procedures in ./trpc; clients derive their types from it (`RouterOutputs`).
 */
export interface AccountNode {
  id: number;
  name: string;
  parentId: number | null;
  location: string | null;
  children: AccountNode[];
}

const accountNodeSchema: z.ZodType<AccountNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    parentId: z.number().int().nullable(),
    location: z.string().nullable(),
    children: z.array(accountNodeSchema),
  }),
);

const meSchema = z.object({
  userId: z.number().int(),
  externalUserId: z.string(),
  email: z.string().nullable(),
  role: z.enum(['admin', 'dispatcher']),
  account: z.object({ id: z.number().int(), name: z.string() }),
});

function locationLabel(account: Account): string | null {
  const parts = [
    account.addressLine1,
    account.city,
    [account.state, account.postalCode].filter(Boolean).join(' '),
  ].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(', ') : null;
}

/** Accounts (root first, then by depth, as listSubtree returns them) as a nested tree. */
export function toAccountTree(accounts: readonly Account[]): AccountNode | null {
  const nodes = new Map<number, AccountNode>();
  for (const a of accounts)
    nodes.set(a.id, { id: a.id, name: a.name, parentId: a.parentId, location: locationLabel(a), children: [] });
  const root = accounts[0] ? nodes.get(accounts[0].id) : undefined;
  for (const node of nodes.values()) {
    if (node === root || node.parentId === null) continue;
    nodes.get(node.parentId)?.children.push(node);
  }
  return root ?? null;
}

export const appRouter = router({
  /** The signed-in user and their account. */
  me: protectedProcedure.output(meSchema).query(async ({ ctx }) => {
    const account = await getAccount(ctx.db, ctx.user.accountId);
    if (!account) throw new TRPCError({ code: 'NOT_FOUND', message: 'Your account no longer exists.' });
    return {
      userId: ctx.user.userId,
      externalUserId: ctx.user.externalUserId,
      email: ctx.user.email,
      role: ctx.user.role,
      account: { id: account.id, name: account.name },
    };
  }),
  accounts: router({
    /** The user's account and every branch below it. */
    tree: protectedProcedure.output(accountNodeSchema).query(async ({ ctx }) => {
      const tree = toAccountTree(await listSubtree(ctx.db, ctx.user.accountId));
      if (!tree) throw new TRPCError({ code: 'NOT_FOUND', message: 'Your account no longer exists.' });
      return tree;
    }),
  }),
  itineraries: itinerariesRouter,
  routingJobs: routingJobsRouter,
  settings: settingsRouter,
  booking: bookingRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
