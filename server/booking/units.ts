/** Cart units (kilograms, centimeters) to the routing units (pounds, cubic inches). */
export const POUNDS_PER_KG = 2.2046226218;
export const CUBIC_INCHES_PER_CUBIC_CM = 1 / 16.387064;

export interface CartLoad {
  pounds: number;
  cubicInches: number;
  items: number;
}

export function cartLoad(
  items: readonly {
    dimensionsCm: { height: number; length: number; width: number };
    quantity: number;
    weightKg: number;
  }[],
): CartLoad {
  let pounds = 0;
  let cubicInches = 0;
  let count = 0;
  for (const item of items) {
    pounds += item.weightKg * POUNDS_PER_KG * item.quantity;
    cubicInches +=
      item.dimensionsCm.height *
      item.dimensionsCm.length *
      item.dimensionsCm.width *
      CUBIC_INCHES_PER_CUBIC_CM *
      item.quantity;
    count += item.quantity;
  }
  return { pounds, cubicInches, items: count };
}
