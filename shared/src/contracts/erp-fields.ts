import { Type, type TSchema } from 'typebox';
import { AnalyticsSearchRequest } from './analytics.ts';

// The field schemas the ERP note, BOM, adjustment and RMA contracts (erp-notes.ts,
// erp-adjustments.ts) build their rows and bodies from.

export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** A date a request sends (bounded, as every request string is). */
export const IsoDateInput = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
export const Money = Type.Number();
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const Text = Type.String();
export const OptText = Nullable(Type.String());
export const Int = Type.Integer();
export const search = AnalyticsSearchRequest.properties;
/** A document number or account code in a path, query or body. */
export const Id = Type.String({ minLength: 1, maxLength: 40 });
/** The company of a document number or account code used in several companies (none: the only one, or every one). */
export const CompanyField = { company: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: 'The company, where the number or code is used in several' })) };
export const session = { service: 'analytics', access: 'session' } as const;
/** The period a list was cut to; null from/to when it was not cut by date. */
export const ListPeriod = { dateSlug: Nullable(Type.String()), from: Nullable(IsoDate), to: Nullable(IsoDate) };
