import { EmbeddedMatrixProvider, localDateOf, trafficProfileFor, ZipCentroidGeocoder } from '@/server/geo';
import { solveOnThisThread, type Problem } from '@/server/optimizer';
import { fleetSpecSchema, orderSchema } from '@/server/routing/request-schema';
import { solveRouting } from '@/server/routing/solve-routing';
import { cityPlan } from './city-plan';

/** The Problem the routing module builds for a store-to-customer plan (the solve itself is skipped). */
export async function storeProblem(orders: number, instance: number): Promise<Problem> {
  const plan = cityPlan(orders, instance) as { orders: unknown[]; fleet: unknown[]; options: Record<string, unknown> };
  let problem: Problem | undefined;
  await solveRouting(
    { orders: plan.orders.map((o) => orderSchema.parse(o)), fleet: plan.fleet.map((f) => fleetSpecSchema.parse(f)), settings: null, options: plan.options },
    {
      geocoder: new ZipCentroidGeocoder(),
      matrix: new EmbeddedMatrixProvider(),
      trafficProfile: (zone, epochSeconds) => trafficProfileFor('automatic', localDateOf(epochSeconds, zone), zone),
      solve: (p, o) => {
        problem = p;
        return solveOnThisThread(p, { ...o, maxIterations: 0 });
      },
      threads: 1,
    },
  );
  if (!problem) throw new Error('no problem was built');
  return problem;
}
