import { describe, expect, it } from 'vitest';
import { ORDER_CSV_COLUMNS, OrdersCsvError, ordersCsvTemplate, parseOrdersCsv } from './orders-csv';
import { orderSchema } from './request-schema';

const header = 'externalId,dropoffPostalCode,dropoffWindowOpen,dropoffWindowClose,weightPounds';

function errorOf(text: string): OrdersCsvError {
  try {
    parseOrdersCsv(text);
  } catch (error) {
    if (error instanceof OrdersCsvError) return error;
    throw error;
  }
  throw new Error('expected an OrdersCsvError');
}

describe('parseOrdersCsv', () => {
  it('reads the template into orders the request schema accepts', () => {
    const orders = parseOrdersCsv(ordersCsvTemplate());
    expect(orders).toHaveLength(1);
    expect(orderSchema.parse(orders[0])).toEqual(orders[0]);
    expect(orders[0]).toMatchObject({
      externalId: 'SO-1001',
      pickupAddress: { addressLine1: '55 Water St', postalCode: '11201', latitude: '40.7033', longitude: '-73.9881' },
      dropoffAddress: { addressLine1: '350 5th Ave', city: 'New York', state: 'NY', postalCode: '10118' },
      dropoffWindowOpen: '2026-11-23T09:00:00-05:00',
      payloadItems: [{ description: 'Box', weight: 20, length: 12, width: 12, height: 12, quantity: 1 }],
    });
    expect(Object.keys(ORDER_CSV_COLUMNS)).toEqual(ordersCsvTemplate().split('\n')[0]!.split(','));
  });

  it('takes columns in any order, quoted fields with commas, quotes and line breaks, CRLF, a BOM and blank lines', () => {
    const text =
      '\uFEFFweightPounds,externalId,dropoffAddressLine1,requiredSkills\r\n5,A-1,"1 Main St, Apt ""2""\nrear",fridge; lift\r\n\r\n7,A-2,2 Main St,\r\n';
    const orders = parseOrdersCsv(text);
    expect(orders.map((o) => o.externalId)).toEqual(['A-1', 'A-2']);
    expect(orders[0]!.dropoffAddress?.addressLine1).toBe('1 Main St, Apt "2"\nrear');
    expect(orders[0]!.requiredSkills).toEqual(['fridge', 'lift']);
    expect(orders[1]!.requiredSkills).toBeUndefined();
  });

  it('names the row and column of a bad cell', () => {
    const bad = errorOf(
      `${header}\nA-1,11201,2026-11-23T09:00:00-05:00,2026-11-23T12:00:00-05:00,20\nA-2,11201,tomorrow 9am,2026-11-23T12:00:00-05:00,20\n`,
    );
    expect([bad.row, bad.column]).toEqual([3, 'dropoffWindowOpen']);
    expect(bad.message).toMatch(/^Row 3, column dropoffWindowOpen: /);
    const heavy = errorOf(`${header}\nA-1,11201,,,lots\n`);
    expect([heavy.row, heavy.column, heavy.message]).toEqual([
      2,
      'weightPounds',
      'Row 2, column weightPounds: "lots" is not a number',
    ]);
    const negative = errorOf(`${header}\nA-1,11201,,,-3\n`);
    expect([negative.row, negative.column]).toEqual([2, 'weightPounds']);
    const lonely = errorOf('externalId,dropoffLatitude\nA-1,40.7\n');
    expect([lonely.row, lonely.column]).toEqual([2, 'dropoffLongitude']);
  });

  it('refuses unknown or repeated columns, a missing or repeated order id, and rows of the wrong width', () => {
    expect([errorOf('externalId,colour\nA-1,red\n').row, errorOf('externalId,colour\nA-1,red\n').column]).toEqual([
      1,
      'colour',
    ]);
    expect(errorOf('externalId,externalId\nA,B\n').column).toBe('externalId');
    expect(errorOf('dropoffPostalCode\n11201\n').column).toBe('externalId');
    const missingId = errorOf(`${header}\n,11201,,,1\n`);
    expect([missingId.row, missingId.column]).toEqual([2, 'externalId']);
    const repeated = errorOf(`${header}\nA-1,11201,,,1\nA-1,11201,,,1\n`);
    expect([repeated.row, repeated.column, repeated.message]).toEqual([
      3,
      'externalId',
      'Row 3, column externalId: "A-1" repeats the order of row 2',
    ]);
    const short = errorOf(`${header}\nA-1,11201\n`);
    expect([short.row, short.column]).toEqual([2, null]);
    expect(errorOf('').row).toBe(1);
    expect(errorOf('externalId\n"A-1\n').message).toMatch(/not closed/);
  });
});
