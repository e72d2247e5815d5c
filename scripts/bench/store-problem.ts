import type { Problem } from '@/server/optimizer';
import { fleetSpecSchema, orderSchema } from '@/server/routing/request-schema';
import { embeddedProblemOf } from '@/server/routing/warm-up';
import { cityPlan } from './city-plan';

/** The Problem the routing module builds for a store-to-customer plan (the solve itself is skipped). */
export async function storeProblem(orders: number, instance: number): Promise<Problem> {
  const plan = cityPlan(orders, instance) as { orders: unknown[]; fleet: unknown[]; options: Record<string, unknown> };
  return embeddedProblemOf({
    orders: plan.orders.map((o) => orderSchema.parse(o)),
    fleet: plan.fleet.map((f) => fleetSpecSchema.parse(f)),
    settings: null,
    options: plan.options,
  });
}
