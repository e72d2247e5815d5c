import { z } from 'zod';
import { databaseIdSchema } from '@/server/validation';
import {
  createBranch,
  createBranchSchema,
  createKeySchema,
  createManagedApiKey,
  inviteUser,
  inviteUserSchema,
  listManagedApiKeys,
  listManagedUsers,
  managedApiKeySchema,
  managedUserSchema,
  resetUserPassword,
  revokeManagedApiKey,
  setUserDisabled,
  type AdminActor,
} from '@/server/accounts';
import type { TrpcContext } from '../trpc';
import { adminProcedure, router } from '../trpc';

const actorOf = (ctx: TrpcContext & { user: NonNullable<TrpcContext['user']> }): AdminActor => ({
  db: ctx.db,
  accountId: ctx.user.accountId,
  userId: ctx.user.userId,
});

/** Console administration of the admin's account subtree: branches, users, API keys. Admins only. */
export const adminRouter = router({
  createBranch: adminProcedure
    .input(createBranchSchema)
    .output(z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable() }))
    .mutation(({ ctx, input }) => createBranch(actorOf(ctx), input)),
  users: router({
    list: adminProcedure.output(z.array(managedUserSchema)).query(({ ctx }) => listManagedUsers(actorOf(ctx))),
    invite: adminProcedure
      .input(inviteUserSchema)
      .output(z.object({ user: managedUserSchema, password: z.string() }))
      .mutation(({ ctx, input }) => inviteUser(actorOf(ctx), input)),
    resetPassword: adminProcedure
      .input(z.object({ userId: databaseIdSchema }))
      .output(z.object({ password: z.string() }))
      .mutation(({ ctx, input }) => resetUserPassword(actorOf(ctx), input)),
    setDisabled: adminProcedure
      .input(z.object({ userId: databaseIdSchema, disabled: z.boolean() }))
      .output(managedUserSchema)
      .mutation(({ ctx, input }) => setUserDisabled(actorOf(ctx), input)),
  }),
  apiKeys: router({
    list: adminProcedure.output(z.array(managedApiKeySchema)).query(({ ctx }) => listManagedApiKeys(actorOf(ctx))),
    create: adminProcedure
      .input(createKeySchema)
      .output(
        z.object({
          id: z.number().int(),
          key: z.string(),
          externalUserId: z.string(),
          environment: z.enum(['live', 'sandbox']),
          accountId: z.number().int(),
        }),
      )
      .mutation(({ ctx, input }) => createManagedApiKey(actorOf(ctx), input)),
    revoke: adminProcedure
      .input(z.object({ keyId: databaseIdSchema }))
      .output(z.object({ id: z.number().int(), revokedAt: z.date() }))
      .mutation(({ ctx, input }) => revokeManagedApiKey(actorOf(ctx), input)),
  }),
});
