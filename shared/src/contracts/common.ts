import { Type } from 'typebox';

/** The one error body every service answers with. */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
});

export const NoContent = Type.Null();
