import { Type } from 'typebox';
import { defineContract } from './contract.ts';
import { Int4, NoContent } from './common.ts';

const Pong = Type.Object({ status: Type.Literal('ok'), time: Type.String() });

export const ping = defineContract({
  method: 'GET',
  path: '/ping',
  service: 'system',
  access: 'public',
  summary: 'Liveness: answers without touching the database',
  response: { 200: Pong },
});

export const systemPing = defineContract({
  method: 'GET',
  path: '/System/ping',
  service: 'system',
  access: 'public',
  summary: 'Liveness under the System resource',
  response: { 200: Pong },
});

export const SiteMenuItem = Type.Object({
  id: Type.Integer(),
  sectionName: Type.String(),
  route: Type.String(),
  menuIcon: Type.String(),
});

export const siteMenu = defineContract({
  method: 'GET',
  path: '/System/SiteMenu',
  service: 'system',
  access: 'session',
  summary: 'The sidebar entries for the signed-in user',
  response: { 200: Type.Array(SiteMenuItem) },
});

export const sendErrorEmail = defineContract({
  method: 'POST',
  path: '/System/SendErrorEmail',
  service: 'system',
  // Mail goes out only for a signed-in user: anonymous callers cannot use it to send mail.
  access: 'session',
  summary: 'Mails an error report to the site-errors address (the same report once an hour)',
  body: Type.Object(
    {
      toEmails: Type.Optional(Type.Array(Type.String({ maxLength: 254 }), { maxItems: 10 })),
      subject: Type.String({ minLength: 1, maxLength: 300 }),
      body: Type.String({ maxLength: 20000 }),
    },
    { additionalProperties: false },
  ),
  response: { 204: NoContent },
});

export const appErrorLog = defineContract({
  method: 'POST',
  path: '/System/AppErrorLog',
  service: 'system',
  access: 'public',
  summary: 'Records an uncaught page error (the same error once an hour)',
  body: Type.Object(
    {
      errorMessage: Type.String({ maxLength: 2000 }),
      userAgent: Type.String({ maxLength: 1000 }),
      errorDetail: Type.String({ maxLength: 20000 }),
    },
    { additionalProperties: false },
  ),
  response: { 204: NoContent },
});

export const pageView = defineContract({
  method: 'POST',
  path: '/System/PageView',
  service: 'system',
  access: 'session',
  summary: 'Records a page visit',
  body: Type.Object(
    {
      sectionMasterId: Type.Optional(Int4({ minimum: 0 })),
      boardMasterId: Type.Optional(Int4({ minimum: 0 })),
      path: Type.String({ minLength: 1, maxLength: 2000 }),
      referrer: Type.Optional(Type.String({ maxLength: 2000 })),
      userAgent: Type.String({ maxLength: 1000 }),
      queryString: Type.String({ maxLength: 2000 }),
    },
    { additionalProperties: false },
  ),
  response: { 204: NoContent },
});
