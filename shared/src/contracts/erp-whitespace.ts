import { Type, type Static, type TSchema } from 'typebox';
import { ErrorBody } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';

// Beyond the seed (docs/decisions.md "White space"): the product groups that an account's peers
// (its company's customers of the same account class and size band) buy and it does not, with
// the size of the gap. Read from the ERP mirror's invoice lines over the 12 months through the
// data's last day; scoped like the other account calls (another rep's customer answers 404).

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Code = Type.String({ minLength: 1, maxLength: 40 });
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** A size band on trailing-12-month sales: from (inclusive) to (exclusive; null: no upper bound). */
export const SizeBand = Type.Object({ label: Type.String(), from: Type.Number(), to: Nullable(Type.Number()) });
export type SizeBand = Static<typeof SizeBand>;

export const WhiteSpaceRow = Type.Object({
  productGroup: Type.String(),
  productGroupName: Nullable(Type.String()),
  /** Percent of the peers that bought the group (0–100). */
  peerShare: Type.Number(),
  peersBuying: Type.Integer(),
  /** The median share of a buying peer's sales that went to the group (0–100). */
  peerShareOfWallet: Type.Number(),
  /** That median share of the account's own trailing-12-month sales: what the group would add, in money. */
  estimatedGap: Type.Number(),
});

export const WhiteSpaceResult = Type.Object({
  company: Type.String(),
  customer: Type.String(),
  customerName: Type.String(),
  /** The peers' account class (the ERP's account_class1, the customer type); '' when the account has none. */
  accountClass: Type.String(),
  /** The account's size band; null when it bought nothing in the window (no size to compare). */
  sizeBand: Nullable(SizeBand),
  /** The account's net invoiced sales in the window. */
  sales: Type.Number(),
  from: Nullable(IsoDate),
  to: Nullable(IsoDate),
  peerCount: Type.Integer(),
  /** Fewer peers than this and the answer has no rows (too few to tell, and no single peer shows through). */
  minPeers: Type.Integer(),
  /** A group counts when at least this percent of the peers bought it. */
  minPeerShare: Type.Number(),
  /** Largest gap first. */
  rows: Type.Array(WhiteSpaceRow),
});
export type WhiteSpaceResult = Static<typeof WhiteSpaceResult>;

export const customerWhiteSpace = defineContract({
  method: 'POST',
  path: '/Customer/WhiteSpace/{customer}/{company}',
  service: 'analytics',
  access: 'session',
  summary: "The product groups one of your customers' peers (same account class and size band) buy and it does not, with the gap (beyond the seed)",
  params: Type.Object({ customer: Code, company: Code }),
  response: { 200: WhiteSpaceResult, 404: ErrorBody, ...ErpErrors },
});
