import { orderSchema } from './request-schema';
import type { RoutingOrder } from './build-problem';

/**
 * Orders from a spreadsheet: a CSV with a header row naming columns of ORDER_CSV_COLUMNS (any
 * order, unknown names refused), one order per row, each row checked with the request's own order
 * schema. A problem is reported at its row (1 = the header, as a spreadsheet numbers them) and column.
 */

export const ORDER_CSV_COLUMNS = {
  externalId: 'Order id (required, unique)',
  pickupAddressLine1: 'Pickup street address',
  pickupCity: 'Pickup city',
  pickupState: 'Pickup state',
  pickupPostalCode: 'Pickup ZIP code',
  pickupLatitude: 'Pickup latitude (decimal degrees; with pickupLongitude, skips geocoding)',
  pickupLongitude: 'Pickup longitude',
  pickupWindowOpen: 'Pickup window opens (ISO 8601 with offset, e.g. 2026-11-23T09:00:00-05:00)',
  pickupWindowClose: 'Pickup window closes',
  dropoffAddressLine1: 'Dropoff street address',
  dropoffCity: 'Dropoff city',
  dropoffState: 'Dropoff state',
  dropoffPostalCode: 'Dropoff ZIP code',
  dropoffLatitude: 'Dropoff latitude',
  dropoffLongitude: 'Dropoff longitude',
  dropoffWindowOpen: 'Dropoff window opens',
  dropoffWindowClose: 'Dropoff window closes',
  weightPounds: 'Weight of one item, pounds',
  lengthInches: 'Item length, inches',
  widthInches: 'Item width, inches',
  heightInches: 'Item height, inches',
  quantity: 'How many such items (default 1)',
  description: 'What the items are',
  requiredSkills: 'Skills the vehicle needs, separated by ";"',
} as const;

type OrderCsvColumn = keyof typeof ORDER_CSV_COLUMNS;
const COLUMN_NAMES = Object.keys(ORDER_CSV_COLUMNS) as OrderCsvColumn[];

/** A CSV problem: `row` counts the header as 1; `column` is a header name (null: the whole row or file). */
export class OrdersCsvError extends Error {
  constructor(
    readonly row: number,
    readonly column: string | null,
    message: string,
  ) {
    super(`Row ${row}${column ? `, column ${column}` : ''}: ${message}`);
    this.name = 'OrdersCsvError';
  }
}

/** A header and one example row: the downloadable template. */
export function ordersCsvTemplate(): string {
  const example: Record<OrderCsvColumn, string> = {
    externalId: 'SO-1001',
    pickupAddressLine1: '55 Water St',
    pickupCity: 'Brooklyn',
    pickupState: 'NY',
    pickupPostalCode: '11201',
    pickupLatitude: '40.7033',
    pickupLongitude: '-73.9881',
    pickupWindowOpen: '',
    pickupWindowClose: '',
    dropoffAddressLine1: '350 5th Ave',
    dropoffCity: 'New York',
    dropoffState: 'NY',
    dropoffPostalCode: '10118',
    dropoffLatitude: '',
    dropoffLongitude: '',
    dropoffWindowOpen: '2026-11-23T09:00:00-05:00',
    dropoffWindowClose: '2026-11-23T12:00:00-05:00',
    weightPounds: '20',
    lengthInches: '12',
    widthInches: '12',
    heightInches: '12',
    quantity: '1',
    description: 'Box',
    requiredSkills: '',
  };
  return `${COLUMN_NAMES.join(',')}\n${COLUMN_NAMES.map((c) => example[c]).join(',')}\n`;
}

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. Returns rows numbered as a spreadsheet numbers them. */
function records(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      fields.push(field);
      rows.push({ line: rows.length + 1, fields });
      fields = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new OrdersCsvError(rows.length + 1, null, 'a quoted field is not closed');
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    rows.push({ line: rows.length + 1, fields });
  }
  return rows.filter((r) => r.fields.some((f) => f.trim() !== ''));
}

const NUMERIC: ReadonlySet<OrderCsvColumn> = new Set([
  'weightPounds',
  'lengthInches',
  'widthInches',
  'heightInches',
  'quantity',
]);

/** Where a schema problem lies, as a CSV column. */
function columnOf(path: readonly PropertyKey[]): OrderCsvColumn | null {
  const [first, second, third] = path.map(String);
  if ((first === 'pickupAddress' || first === 'dropoffAddress') && second) {
    const side = first === 'pickupAddress' ? 'pickup' : 'dropoff';
    const part = second === 'addressLine1' ? 'AddressLine1' : `${second.charAt(0).toUpperCase()}${second.slice(1)}`;
    const name = `${side}${part}`;
    return name in ORDER_CSV_COLUMNS ? (name as OrderCsvColumn) : null;
  }
  if (first === 'payloadItems') {
    const byField: Record<string, OrderCsvColumn> = {
      weight: 'weightPounds',
      length: 'lengthInches',
      width: 'widthInches',
      height: 'heightInches',
      quantity: 'quantity',
      description: 'description',
    };
    return third === undefined ? null : (byField[third] ?? null);
  }
  return first && first in ORDER_CSV_COLUMNS ? (first as OrderCsvColumn) : null;
}

/** Parses a CSV of orders; throws OrdersCsvError at the first problem (row and column named). */
export function parseOrdersCsv(text: string, maxOrders = 2000): RoutingOrder[] {
  const rows = records(text);
  const header = rows[0];
  if (!header)
    throw new OrdersCsvError(
      1,
      null,
      `the file is empty; the first row names the columns (${COLUMN_NAMES.join(', ')})`,
    );
  const columns = header.fields.map((name) => name.trim());
  columns.forEach((name, i) => {
    if (!(name in ORDER_CSV_COLUMNS))
      throw new OrdersCsvError(
        header.line,
        name || `#${i + 1}`,
        `unknown column; the columns are ${COLUMN_NAMES.join(', ')}`,
      );
    if (columns.indexOf(name) !== i) throw new OrdersCsvError(header.line, name, 'the column is named twice');
  });
  if (!columns.includes('externalId'))
    throw new OrdersCsvError(header.line, 'externalId', 'the externalId column is required');
  if (rows.length - 1 > maxOrders)
    throw new OrdersCsvError(rows[maxOrders + 1]!.line, null, `at most ${maxOrders} orders per plan`);

  const seen = new Map<string, number>();
  return rows.slice(1).map(({ line, fields }) => {
    if (fields.length !== columns.length)
      throw new OrdersCsvError(line, null, `${fields.length} fields, but the header names ${columns.length} columns`);
    const cell = new Map<OrderCsvColumn, string>();
    columns.forEach((name, i) => {
      const value = fields[i]!.trim();
      if (value !== '') cell.set(name as OrderCsvColumn, value);
    });
    const number = (column: OrderCsvColumn): number | undefined => {
      const value = cell.get(column);
      if (value === undefined) return undefined;
      const parsed = Number(value);
      if (!Number.isFinite(parsed)) throw new OrdersCsvError(line, column, `"${value}" is not a number`);
      return parsed;
    };
    const address = (side: 'pickup' | 'dropoff') => {
      const parts = {
        addressLine1: cell.get(`${side}AddressLine1`),
        city: cell.get(`${side}City`),
        state: cell.get(`${side}State`),
        postalCode: cell.get(`${side}PostalCode`),
        latitude: cell.get(`${side}Latitude`),
        longitude: cell.get(`${side}Longitude`),
      };
      const present = Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined));
      return Object.keys(present).length > 0 ? present : undefined;
    };
    for (const column of NUMERIC) number(column);
    const hasItem = ['weightPounds', 'lengthInches', 'widthInches', 'heightInches', 'quantity', 'description'].some(
      (c) => cell.has(c as OrderCsvColumn),
    );
    const candidate = {
      externalId: cell.get('externalId'),
      pickupAddress: address('pickup'),
      dropoffAddress: address('dropoff'),
      pickupWindowOpen: cell.get('pickupWindowOpen'),
      pickupWindowClose: cell.get('pickupWindowClose'),
      dropoffWindowOpen: cell.get('dropoffWindowOpen'),
      dropoffWindowClose: cell.get('dropoffWindowClose'),
      payloadItems: hasItem
        ? [
            {
              description: cell.get('description'),
              weight: number('weightPounds'),
              length: number('lengthInches'),
              width: number('widthInches'),
              height: number('heightInches'),
              quantity: number('quantity'),
            },
          ]
        : undefined,
      requiredSkills: cell
        .get('requiredSkills')
        ?.split(';')
        .map((s) => s.trim())
        .filter(Boolean),
    };
    // Through JSON: the columns left empty are absent, as in a request body.
    const parsed = orderSchema.safeParse(JSON.parse(JSON.stringify(candidate)));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const column = columnOf(issue.path) ?? (issue.path.length === 0 ? null : String(issue.path[0]));
      const message =
        issue.path[0] === 'externalId' && cell.get('externalId') === undefined
          ? 'the order id is required'
          : issue.message;
      throw new OrdersCsvError(line, column, message);
    }
    const order = parsed.data;
    const first = seen.get(order.externalId);
    if (first !== undefined)
      throw new OrdersCsvError(line, 'externalId', `"${order.externalId}" repeats the order of row ${first}`);
    seen.set(order.externalId, line);
    return order;
  });
}
