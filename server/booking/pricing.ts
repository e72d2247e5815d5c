import type { BookingSettings } from '@/server/accounts';
import { DEFAULT_RATE_CARDS, isCatalogVehicleType } from '@/server/routing';
import type { BookingPrice } from './request-schema';
import type { FoundWindow } from './search';

const METERS_PER_MILE = 1609.344;

/**
 * The rate card's cost of a window's detour, in cents: the account's card for the vehicle type, else
 * the catalog's default card for a catalog type; null when neither exists (an unmapped custom type).
 */
export function detourCostCents(
  settings: BookingSettings | null,
  window: Pick<FoundWindow, 'vehicleType' | 'addedDistanceMeters' | 'addedDurationSeconds'>,
): number | null {
  const own =
    settings?.rateCards && Object.hasOwn(settings.rateCards, window.vehicleType)
      ? settings.rateCards[window.vehicleType]
      : undefined;
  const card = own ?? (isCatalogVehicleType(window.vehicleType) ? DEFAULT_RATE_CARDS[window.vehicleType] : undefined);
  if (!card) return null;
  return (
    card.baseFeeCents +
    (card.perMileCents * window.addedDistanceMeters) / METERS_PER_MILE +
    (card.perMinuteCents * window.addedDurationSeconds) / 60
  );
}

/**
 * One price for the response (all windows are scheduled delivery): the pricing model applied to the
 * cheapest detour among the windows that have a rate card. Undefined when no rate applies.
 * No stored settings: `pass_through`.
 */
export function quotePrice(
  settings: BookingSettings | null,
  windows: readonly FoundWindow[],
  orderValueCents: number,
): BookingPrice | undefined {
  const pricing = settings?.pricing ?? { model: 'pass_through' as const };
  const costs = windows.map((w) => detourCostCents(settings, w)).filter((c): c is number => c !== null);
  if (
    pricing.model === 'free_over' &&
    pricing.freeOverCents !== undefined &&
    orderValueCents >= pricing.freeOverCents
  ) {
    return { amountCents: 0, currency: 'usd', model: 'free_over', billedToAccount: false };
  }
  if (costs.length === 0) return undefined;
  const cost = Math.min(...costs);
  switch (pricing.model) {
    case 'markup':
      return {
        amountCents: Math.round(cost * (1 + (pricing.markupPercent ?? 0) / 100) + (pricing.markupFixedCents ?? 0)),
        currency: 'usd',
        model: 'markup',
        billedToAccount: false,
      };
    case 'on_account':
      return { amountCents: Math.round(cost), currency: 'usd', model: 'on_account', billedToAccount: true };
    case 'free_over':
    case 'pass_through':
      return { amountCents: Math.round(cost), currency: 'usd', model: pricing.model, billedToAccount: false };
  }
}
