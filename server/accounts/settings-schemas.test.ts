import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLOT_POLICY,
  mergeOptimizationSettings,
  optimizationSettingsSchema,
  resolveSlotPolicy,
  type OptimizationSettings,
} from './settings-schemas';
import { fromZodError } from './errors';

describe('mergeOptimizationSettings', () => {
  it('lets the override win key by key, merging nested objects and tuple lists', () => {
    const base: OptimizationSettings = {
      objective: 'MIN_DURATION',
      serviceTime: { setupSeconds: 300, perItemSeconds: 30 },
      tagPriorities: [
        ['a', 1],
        ['b', 2],
      ],
      vehicleSpecOverrides: [['cargo-van', { maxStops: 20 }]],
    };
    const merged = mergeOptimizationSettings(base, {
      objective: 'MIN_VEHICLE_UTILIZATION',
      serviceTime: { perItemSeconds: 10 },
      tagPriorities: [
        ['b', 5],
        ['c', 0],
      ],
      vehicleSpecOverrides: [['cargo-van', { maxStops: 30 }]],
      trafficMode: undefined,
    });
    expect(merged).toEqual({
      objective: 'MIN_VEHICLE_UTILIZATION',
      serviceTime: { setupSeconds: 300, perItemSeconds: 10 },
      tagPriorities: [
        ['a', 1],
        ['b', 5],
        ['c', 0],
      ],
      vehicleSpecOverrides: [['cargo-van', { maxStops: 30 }]],
    });
  });

  it('does not change its inputs', () => {
    const base: OptimizationSettings = { serviceTime: { setupSeconds: 1 } };
    mergeOptimizationSettings(base, { serviceTime: { setupSeconds: 2 } });
    expect(base).toEqual({ serviceTime: { setupSeconds: 1 } });
  });
});

describe('resolveSlotPolicy', () => {
  it('fills missing fields and buckets with the service defaults', () => {
    const policy = resolveSlotPolicy({ leadTimeMinutes: 0, buckets: { MORNING: { startHour: 7, endHour: 11 } } });
    expect(policy.leadTimeMinutes).toBe(0);
    expect(policy.horizonDays).toBe(DEFAULT_SLOT_POLICY.horizonDays);
    expect(policy.buckets.MORNING).toEqual({ startHour: 7, endHour: 11 });
    expect(policy.buckets.EVENING).toEqual({ startHour: 17, endHour: 20 });
    expect(resolveSlotPolicy(null)).toEqual(DEFAULT_SLOT_POLICY);
  });
});

describe('field-naming errors', () => {
  it('names an unknown key by its own path', () => {
    const parsed = optimizationSettingsSchema.safeParse({ serviceTime: { setupSecs: 5 } });
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(fromZodError(parsed.error, 'optimization').param).toBe('optimization.serviceTime.setupSecs');
  });
});
