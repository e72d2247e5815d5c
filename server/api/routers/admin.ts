import { z } from 'zod';
import { databaseIdSchema } from '@/server/validation';
import * as accounts from '@/server/accounts';
import type { TrpcContext } from '../trpc';
import { adminProcedure, router } from '../trpc';

const actorOf = (ctx: TrpcContext & { user: NonNullable<TrpcContext['user']> }): accounts.AdminActor => ({
  db: ctx.db,
  accountId: ctx.user.accountId,
  userId: ctx.user.userId,
});

/** Console administration of the admin's account subtree: branches, users, API keys. Admins only. */
export const adminRouter = router({
  createBranch: adminProcedure
    .input(accounts.createBranchSchema)
    .output(z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable() }))
    .mutation(({ ctx, input }) => accounts.createBranch(actorOf(ctx), input)),
  users: router({
    list: adminProcedure
      .output(z.array(accounts.managedUserSchema))
      .query(({ ctx }) => accounts.listManagedUsers(actorOf(ctx))),
    invite: adminProcedure
      .input(accounts.inviteUserSchema)
      .output(z.object({ user: accounts.managedUserSchema, password: z.string() }))
      .mutation(({ ctx, input }) => accounts.inviteUser(actorOf(ctx), input)),
    resetPassword: adminProcedure
      .input(z.object({ userId: databaseIdSchema }))
      .output(z.object({ password: z.string() }))
      .mutation(({ ctx, input }) => accounts.resetUserPassword(actorOf(ctx), input)),
    setDisabled: adminProcedure
      .input(z.object({ userId: databaseIdSchema, disabled: z.boolean() }))
      .output(accounts.managedUserSchema)
      .mutation(({ ctx, input }) => accounts.setUserDisabled(actorOf(ctx), input)),
  }),
  apiKeys: router({
    list: adminProcedure
      .output(z.array(accounts.managedApiKeySchema))
      .query(({ ctx }) => accounts.listManagedApiKeys(actorOf(ctx))),
    create: adminProcedure
      .input(accounts.createKeySchema)
      .output(
        z.object({
          id: z.number().int(),
          key: z.string(),
          externalUserId: z.string(),
          environment: z.enum(['live', 'sandbox']),
          accountId: z.number().int(),
        }),
      )
      .mutation(({ ctx, input }) => accounts.createManagedApiKey(actorOf(ctx), input)),
    revoke: adminProcedure
      .input(z.object({ keyId: databaseIdSchema }))
      .output(z.object({ id: z.number().int(), revokedAt: z.date() }))
      .mutation(({ ctx, input }) => accounts.revokeManagedApiKey(actorOf(ctx), input)),
  }),
});
