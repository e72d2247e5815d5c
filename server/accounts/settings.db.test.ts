import { describe, expect, it } from 'vitest';
import {
  createAccount,
  DEFAULT_SLOT_POLICY,
  getEffectiveSettings,
  getOwnSettings,
  setSettings,
} from '@/server/accounts';
import { testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';

describe(`settings inheritance on ${testDbKind()}`, () => {
  const testDb = useTestDb();

  it('merges optimization down the tree and takes booking and slot policy from the nearest account', async () => {
    const { db } = testDb;
    const root = await createAccount(db, { name: 'Root' });
    const branch = await createAccount(db, { name: 'Branch', parentId: root.id });
    const leaf = await createAccount(db, { name: 'Leaf', parentId: branch.id });

    await setSettings(db, root.id, {
      optimization: {
        objective: 'MIN_DURATION',
        trafficMode: 'automatic',
        serviceTime: { setupSeconds: 300, perItemSeconds: 30 },
        tagPriorities: [
          ['fragile', 3],
          ['urgent', 4],
        ],
      },
      booking: {
        pricing: { model: 'markup', markupPercent: 10 },
        rateCards: { 'cargo-van': { baseFeeCents: 1500, perMileCents: 120, perMinuteCents: 20 } },
      },
      slotPolicy: { horizonDays: 14, leadTimeMinutes: 120 },
    });
    await setSettings(db, branch.id, {
      optimization: {
        objective: 'MIN_VEHICLE_UTILIZATION',
        serviceTime: { perItemSeconds: 45 },
        tagPriorities: [['urgent', 5]],
      },
      booking: { pricing: { model: 'free_over', freeOverCents: 10_000 } },
    });
    await setSettings(db, leaf.id, {
      slotPolicy: { availableBuckets: ['MORNING', 'EVENING'], defaultBucket: 'EVENING' },
    });

    const effective = await getEffectiveSettings(db, leaf.id);
    expect(effective.optimization).toEqual({
      objective: 'MIN_VEHICLE_UTILIZATION',
      trafficMode: 'automatic',
      serviceTime: { setupSeconds: 300, perItemSeconds: 45 },
      tagPriorities: [
        ['fragile', 3],
        ['urgent', 5],
      ],
    });
    expect(effective.sources.optimization).toEqual([root.id, branch.id]);
    // Nearest wins as a whole: the branch's booking settings have no rate cards, and none are inherited.
    expect(effective.booking).toEqual({ pricing: { model: 'free_over', freeOverCents: 10_000 } });
    expect(effective.sources.booking).toBe(branch.id);
    // The leaf's slot policy is the nearest; its missing fields are service defaults, not the root's.
    expect(effective.slotPolicy).toEqual({
      ...DEFAULT_SLOT_POLICY,
      availableBuckets: ['MORNING', 'EVENING'],
      defaultBucket: 'EVENING',
    });
    expect(effective.slotPolicy.buckets.AFTER_8PM).toEqual({ startHour: 20, endHour: 23 });

    const atBranch = await getEffectiveSettings(db, branch.id);
    expect(atBranch.slotPolicy.horizonDays).toBe(14);
    expect(atBranch.slotPolicy.leadTimeMinutes).toBe(120);
    expect(atBranch.sources.slotPolicy).toBe(root.id);

    // Removing the branch's booking settings makes it inherit the root's again.
    await setSettings(db, branch.id, { booking: null });
    expect((await getEffectiveSettings(db, leaf.id)).booking?.rateCards?.['cargo-van']?.perMileCents).toBe(120);
  });

  it('keeps branch location and pickup override per account', async () => {
    const { db } = testDb;
    const root = await createAccount(db, { name: 'Located root' });
    const branch = await createAccount(db, { name: 'Located branch', parentId: root.id });
    await setSettings(db, root.id, {
      pickupOverride: { addressLine1: '1 Depot Rd', city: 'Newark', state: 'NJ', postalCode: '07102' },
    });
    await setSettings(db, branch.id, {
      branchLocation: {
        addressLine1: '233 S Wacker Dr',
        city: 'Chicago',
        state: 'IL',
        postalCode: '60606',
        latitude: 41.8789,
        longitude: -87.6359,
      },
    });
    const branchSettings = await getEffectiveSettings(db, branch.id);
    expect(branchSettings.branchLocation).toMatchObject({ city: 'Chicago', latitude: 41.8789 });
    expect(branchSettings.pickupOverride).toBeNull();
    expect((await getEffectiveSettings(db, root.id)).pickupOverride).toMatchObject({ city: 'Newark' });
    expect(await getOwnSettings(db, branch.id)).toEqual({ branchLocation: branchSettings.branchLocation });
  });

  it('refuses invalid values with an error naming the field, and stores nothing', async () => {
    const { db } = testDb;
    const account = await createAccount(db, { name: 'Strict' });
    const cases: [unknown, string][] = [
      [{ optimization: { objective: 'FASTEST' } }, 'optimization.objective'],
      [{ optimization: { tagPriorities: [['vip', 9]] } }, 'optimization.tagPriorities[0][1]'],
      [{ optimization: { trafficMode: 'rush' } }, 'optimization.trafficMode'],
      [{ optimization: { serviceTime: { setupSeconds: -1 } } }, 'optimization.serviceTime.setupSeconds'],
      [{ optimization: { solverTimeLimit: 5 } }, 'optimization.solverTimeLimit'],
      [{ booking: { pricing: { model: 'free_over' } } }, 'booking.pricing.freeOverCents'],
      [
        { booking: { rateCards: { van: { baseFeeCents: 1.5, perMileCents: 1, perMinuteCents: 1 } } } },
        'booking.rateCards.van.baseFeeCents',
      ],
      [{ slotPolicy: { sameDayCutoff: '25:00' } }, 'slotPolicy.sameDayCutoff'],
      [{ slotPolicy: { blackoutDates: ['2026-02-30'] } }, 'slotPolicy.blackoutDates[0]'],
      [{ slotPolicy: { availableBuckets: ['MORNING'], defaultBucket: 'EVENING' } }, 'slotPolicy.defaultBucket'],
      [{ slotPolicy: { buckets: { MORNING: { startHour: 12, endHour: 8 } } } }, 'slotPolicy.buckets.MORNING.endHour'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [update, param] of cases) {
      await expect(setSettings(db, account.id, update as never), JSON.stringify(update)).rejects.toMatchObject({
        code: 'invalid_input',
        param,
        message: expect.stringContaining(param),
      });
    }
    await expect(setSettings(db, account.id, { optimization: { objective: 'FASTEST' } } as never)).rejects.toThrow(
      /MIN_DURATION/,
    );
    expect(await getOwnSettings(db, account.id)).toEqual({});
    await expect(setSettings(db, 999_999, {})).rejects.toMatchObject({ code: 'not_found', param: 'accountId' });
  });
});
