import { Type, type TUnsafe } from 'typebox';
import { DATE_SLUGS } from '../dates/index.ts';

// The fixed sets of values a call's parameters take, in one place: the contracts enumerate them
// (so the validator refuses anything else with a 400 that lists the choices, and the OpenAPI
// document shows them), and the services build their group-by maps from the same lists (typed
// by them, so a map cannot gain or lose a key the contract does not have).

/** A string that is one of `choices`, described as such. */
export function Choice<const T extends readonly string[]>(choices: T, description: string): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...choices], description });
}

// ------------------------------------------------------------------------------ dateSlug
/** A custom date: yyyy-mm-dd from 1900 to 2100 (the service also refuses days a month lacks). */
export const CUSTOM_DATE_PATTERN = '^(19\\d\\d|20\\d\\d|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
/** A custom range: from_to, both custom dates, from not after to. */
export const CUSTOM_RANGE_PATTERN = `${CUSTOM_DATE_PATTERN.slice(0, -1)}_${CUSTOM_DATE_PATTERN.slice(1)}`;

/** Seed 000 §9 date choices: a fixed slug, a custom date or a custom range. */
export const DateSlug = Type.Union(
  [
    Type.String({ enum: [...DATE_SLUGS], description: 'a fixed date choice' }),
    Type.String({ pattern: CUSTOM_DATE_PATTERN, maxLength: 10, description: 'a custom date (yyyy-mm-dd)' }),
    Type.String({ pattern: CUSTOM_RANGE_PATTERN, maxLength: 21, description: 'a custom range (yyyy-mm-dd_yyyy-mm-dd, from first)' }),
  ],
  { description: 'The period: a fixed date choice, a custom date yyyy-mm-dd, or a custom range yyyy-mm-dd_yyyy-mm-dd (years 1900 to 2100)' },
);

// ------------------------------------------------------------------------------ sales models
/** The period group-bys of the sales models (invoices, bookings, orders, quotes). */
export const TIME_GROUP_BYS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type TimeGroupBy = (typeof TIME_GROUP_BYS)[number];
/** The periods a year-over-year call compares: the months or quarters of each year. */
export const YEAR_OVER_YEAR_PERIODS = ['month', 'quarter'] as const satisfies readonly TimeGroupBy[];

// Each model's dimensions (its group-bys besides the periods) and its filter fields (the
// dimensions and the document number).
export const INVOICE_DIMENSIONS = ['company', 'branch', 'salesRep', 'customer', 'shipTo', 'productGroup', 'itemNumber'] as const;
export const INVOICE_FIELDS = [...INVOICE_DIMENSIONS, 'invoiceNumber'] as const;
export const BOOKING_DIMENSIONS = INVOICE_DIMENSIONS;
export const BOOKING_FIELDS = [...BOOKING_DIMENSIONS, 'orderNumber'] as const;
export const ORDER_DIMENSIONS = [...INVOICE_DIMENSIONS, 'location', 'status'] as const;
export const ORDER_FIELDS = [...ORDER_DIMENSIONS, 'orderNumber'] as const;
export const QUOTE_DIMENSIONS = ['company', 'salesRep', 'customer', 'productGroup', 'itemNumber', 'status'] as const;
export const QUOTE_FIELDS = [...QUOTE_DIMENSIONS, 'quoteNumber'] as const;
export const QUOTE_BOOKED_DIMENSIONS = ['company', 'branch', 'salesRep', 'customer', 'productGroup', 'itemNumber'] as const;
export const QUOTE_BOOKED_FIELDS = [...QUOTE_BOOKED_DIMENSIONS, 'quoteNumber', 'orderNumber'] as const;
export const ON_TIME_DIMENSIONS = [...INVOICE_DIMENSIONS, 'location'] as const;
export const ON_TIME_FIELDS = [...ON_TIME_DIMENSIONS, 'orderNumber'] as const;

/** Group-by choices of a sales model's calls: Grouped (dimensions and periods), YearOverYear, ByDay (dimensions only). */
function salesGroupBys<const D extends readonly string[]>(dimensions: D, what: string) {
  return {
    grouped: Choice([...dimensions, ...TIME_GROUP_BYS], `What to group ${what} by: a dimension or a period`),
    yearOverYear: Choice([...dimensions, ...YEAR_OVER_YEAR_PERIODS], `What to group ${what} by: a dimension, or the months or quarters of each year`),
    byDay: Choice(dimensions, `The dimension to group ${what} by for each day`),
  };
}

export const InvoiceGroupBy = salesGroupBys(INVOICE_DIMENSIONS, 'invoiced sales');
export const BookingGroupBy = salesGroupBys(BOOKING_DIMENSIONS, 'booked sales');
export const OrderGroupBy = salesGroupBys(ORDER_DIMENSIONS, 'order lines');
export const QuoteGroupBy = salesGroupBys(QUOTE_DIMENSIONS, 'quote lines');
export const QuoteBookedGroupBy = salesGroupBys(QUOTE_BOOKED_DIMENSIONS, 'quoted sales that became orders');
export const OnTimeGroupBy = salesGroupBys(ON_TIME_DIMENSIONS, 'shipped order lines');

/** The dimensions every one of several models keeps (an Analysis call sets their figures side by side). */
function common<const A extends readonly string[]>(first: A, ...others: ReadonlyArray<readonly string[]>): Array<A[number]> {
  return first.filter((d) => others.every((o) => o.includes(d)));
}

// ------------------------------------------------------------------------------ ERP calls
/** Analysis/SalesBookingsQuotes: invoices, bookings and quotes side by side. */
export const SALES_BOOKINGS_QUOTES_GROUP_BYS = [...common(INVOICE_DIMENSIONS, BOOKING_DIMENSIONS, QUOTE_DIMENSIONS), ...TIME_GROUP_BYS];
/** Analysis/BusinessHealth: invoices beside bookings. */
export const BUSINESS_HEALTH_GROUP_BYS = [...common(INVOICE_DIMENSIONS, BOOKING_DIMENSIONS), ...TIME_GROUP_BYS];
/** Analysis/BusinessHealthDetail: the groups the month × customer rollup keeps. */
export const BUYING_GROUP_BYS = ['company', 'branch', 'salesRep'] as const;
/** Analysis/QuoteConversionRatio: the quote headers' groups. */
export const QUOTE_CONVERSION_GROUP_BYS = ['company', 'branch', 'salesRep', 'customer', 'month'] as const;
/** Analysis/ArApRatio: what receivables and payables share. */
export const AR_AP_GROUP_BYS = ['company', 'branch'] as const;
export const AR_GROUP_BYS = ['company', 'branch', 'salesRep', 'customer'] as const;
export const AP_GROUP_BYS = ['company', 'supplier'] as const;
export const INVENTORY_GROUP_BYS = ['company', 'location', 'productGroup', 'supplier', 'itemNumber'] as const;
export const PURCHASE_ORDER_GROUP_BYS = ['company', 'branch', 'location', 'supplier', 'productGroup', 'itemNumber', 'buyer', 'month', 'quarter', 'year'] as const;
export const SERVICE_ORDER_GROUP_BYS = ['company', 'branch', 'salesRep', 'customer', 'shipTo', 'technician', 'status', 'serviceType', 'month', 'quarter', 'year'] as const;
export const SHIPMENT_GROUP_BYS = ['carrier', 'shipVia', 'status', 'company', 'branch', 'location', 'salesRep', 'customer', 'shipTo', 'week', 'month'] as const;
/** Usage/Comparison: the invoice lines' dimensions. */
export const USAGE_GROUP_BYS = INVOICE_DIMENSIONS;
export const ADJUSTMENT_GROUP_BYS = ['reason', 'branch', 'location', 'company', 'enteredBy', 'month'] as const;
export const RMA_GROUP_BYS = ['status', 'reason', 'customer', 'salesRep', 'branch', 'company', 'month'] as const;

/** The group-by names of one of the lists above. */
export type GroupByOf<L extends readonly string[]> = L[number];

