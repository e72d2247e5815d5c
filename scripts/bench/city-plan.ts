import { seededRandom } from '@/server/optimizer/verify';
import { ATLANTA_STORES } from '@/server/routing/warm-up';

/** Request bodies for the routing benchmarks (bench:plan-latency, bench:converge) and the API's scale test. */
type Json = Record<string, unknown>;

/**
 * A seeded plan in the Atlanta metro: three stores, dropoffs over the area, three-hour windows, vans and box trucks
 * (one vehicle per 12 orders unless `vehicleCount` says).
 */
export function cityPlan(
  orderCount: number,
  seed: number,
  vehicleCount = Math.max(2, Math.ceil(orderCount / 12)),
): Json {
  const random = seededRandom(seed * 1_000_003 + orderCount);
  const stores = ATLANTA_STORES;
  const orders = Array.from({ length: orderCount }, (_, i) => {
    const hour = 9 + Math.floor(random() * 6);
    return {
      externalId: `city-${i}`,
      pickupAddress: stores[i % stores.length],
      dropoffAddress: {
        addressLine1: `${100 + i} Main St`,
        city: 'Atlanta',
        state: 'GA',
        postalCode: '30303',
        latitude: (33.6 + random() * 0.4).toFixed(5),
        longitude: (-84.6 + random() * 0.4).toFixed(5),
      },
      dropoffWindowOpen: `2026-11-23T${String(hour).padStart(2, '0')}:00:00-05:00`,
      dropoffWindowClose: `2026-11-23T${String(hour + 3).padStart(2, '0')}:00:00-05:00`,
      payloadItems: [
        {
          description: 'parcel',
          height: 12,
          length: 16,
          width: 12,
          weight: 5 + Math.round(random() * 40),
          quantity: 1 + Math.floor(random() * 3),
        },
      ],
    };
  });
  const fleet = Array.from({ length: vehicleCount }, (_, i) => ({
    driverExternalId: `city-driver-${i}`,
    vehicleExternalId: `city-van-${i}`,
    vehicleType: i % 4 === 0 ? 'box-truck' : 'cargo-van',
    scheduledStart: '2026-11-23T07:30:00-05:00',
    startAddress: stores[i % stores.length],
  }));
  return { orders, fleet, options: { objective: 'MIN_DURATION', trafficMode: 'automatic' } };
}
