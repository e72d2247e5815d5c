import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  accountIdSchema,
  bookingSettingsSchema,
  effectiveSettingsSchema,
  getEffectiveSettings,
  getOwnSettings,
  isInSubtree,
  locationSchema,
  ownSettingsSchema,
  setSettings,
  slotPolicySchema,
  type SettingsUpdate,
} from '@/server/accounts';
import type { Db } from '@/server/db';
import { VEHICLE_TYPES } from '@/server/routing';
import { adminProcedure, router } from '../trpc';

/**
 * Account settings for console admins: read the effective and own settings of an account in the
 * admin's subtree and replace its own booking pricing or slot policy.
 */

const accountInput = z.object({ accountId: accountIdSchema });

/** An account's own and effective settings, with the vehicle types a rate card may name. */
const settingsViewSchema = z.object({
  accountId: z.number().int(),
  own: ownSettingsSchema,
  effective: effectiveSettingsSchema,
  vehicleTypes: z.array(z.string()),
});

async function assertInSubtree(db: Db, rootId: number, accountId: number): Promise<void> {
  if (!(await isInSubtree(db, rootId, accountId))) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'That account is neither your account nor one of its branches.',
    });
  }
}

async function readSettings(db: Db, accountId: number) {
  const [own, effective] = await Promise.all([getOwnSettings(db, accountId), getEffectiveSettings(db, accountId)]);
  return { accountId, own, effective, vehicleTypes: [...VEHICLE_TYPES] };
}

async function updateSettings(db: Db, rootId: number, accountId: number, update: SettingsUpdate) {
  await assertInSubtree(db, rootId, accountId);
  await setSettings(db, accountId, update);
  return readSettings(db, accountId);
}

export const settingsRouter = router({
  get: adminProcedure
    .input(accountInput)
    .output(settingsViewSchema)
    .query(async ({ ctx, input }) => {
      await assertInSubtree(ctx.db, ctx.user.accountId, input.accountId);
      return readSettings(ctx.db, input.accountId);
    }),
  /** Replaces the account's own booking settings; null removes them (the account inherits again). */
  setBooking: adminProcedure
    .input(accountInput.extend({ booking: bookingSettingsSchema.nullable() }))
    .output(settingsViewSchema)
    .mutation(({ ctx, input }) =>
      updateSettings(ctx.db, ctx.user.accountId, input.accountId, { booking: input.booking }),
    ),
  /** Replaces the account's own slot policy; null removes it. */
  setSlotPolicy: adminProcedure
    .input(accountInput.extend({ slotPolicy: slotPolicySchema.nullable() }))
    .output(settingsViewSchema)
    .mutation(({ ctx, input }) =>
      updateSettings(ctx.db, ctx.user.accountId, input.accountId, { slotPolicy: input.slotPolicy }),
    ),
  /** Replaces the account's branch location (booking's default pickup origin) and/or its pickup override; null removes one. */
  setLocation: adminProcedure
    .input(
      accountInput.extend({
        branchLocation: locationSchema.nullable().optional(),
        pickupOverride: locationSchema.nullable().optional(),
      }),
    )
    .output(settingsViewSchema)
    .mutation(({ ctx, input }) => {
      const { accountId, ...update } = input;
      return updateSettings(ctx.db, ctx.user.accountId, accountId, update);
    }),
});
