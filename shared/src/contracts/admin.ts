import { Type } from 'typebox';
import { defineContract } from './contract.ts';
import { ErrorBody } from './common.ts';

export const TestEmail = Type.Object({
  mailId: Type.Integer(),
  toEmails: Type.Array(Type.String()),
  subject: Type.String(),
  body: Type.String(),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
});

export const testEmails = defineContract({
  method: 'GET',
  path: '/Admin/TestEmails',
  service: 'admin',
  access: 'session',
  summary: 'The newest mails of the outbox (administrators only)',
  querystring: Type.Object({ to: Type.Optional(Type.String({ maxLength: 254 })) }),
  response: { 200: Type.Array(TestEmail), 403: ErrorBody },
});
