import { Type, type TNumberOptions } from 'typebox';

/** The one error body every service answers with. */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
});

export const NoContent = Type.Null();

// Bounded inputs (DESIGN §6): every integer a caller sends fits a PostgreSQL integer column and
// every number is finite, so out-of-range input is a 400 from the validator, never a database
// error. The contract test checks every input field of every contract against these bounds.

/** The largest value of a PostgreSQL integer (int4) column. */
export const INT4_MAX = 2_147_483_647;
/** The largest page number a list accepts. */
export const MAX_PAGE_NUMBER = 1_000_000;
/** The largest magnitude of a free number (a filter value, an amount): beyond any figure the ERP holds. */
export const MAX_NUMBER = 1e15;

/** An integer within int4, narrowed by `options` (which must stay within int4). */
export const Int4 = (options: TNumberOptions = {}) => Type.Integer({ minimum: -INT4_MAX - 1, maximum: INT4_MAX, ...options });

/** A row id: a positive int4. */
export const RowId = Int4({ minimum: 1 });

/** A page of a list, from 1. */
export const PageNumber = Int4({ minimum: 1, maximum: MAX_PAGE_NUMBER, description: 'The page, from 1 (default 1)' });

/** A finite number within ±MAX_NUMBER, narrowed by `options`. */
export const BoundedNumber = (options: TNumberOptions = {}) => Type.Number({ minimum: -MAX_NUMBER, maximum: MAX_NUMBER, ...options });
