import { Type } from 'typebox';
import { defineContract } from './contract.ts';
import { ErrorBody } from './common.ts';

export const UserSetting = Type.Object({ settingName: Type.String(), settingValue: Type.String() });
export const UserToggle = Type.Object({
  toggleName: Type.String(),
  toggleValue: Type.String(),
  valueType: Type.Integer(),
});

/** Seed 000 §3 "User result", with the settings and toggles it is read with. */
export const UserResult = Type.Object({
  userMasterId: Type.Integer(),
  organizationUser: Type.Boolean(),
  isReleaseNotificationVisible: Type.Boolean(),
  userName: Type.String(),
  fullName: Type.String(),
  email: Type.String(),
  roleName: Type.String(),
  isImpersonating: Type.Boolean(),
  customerMasterId: Type.Integer(),
  customerName: Type.String(),
  editionMasterId: Type.Integer(),
  erpMasterId: Type.Integer(),
  settings: Type.Array(UserSetting),
  toggles: Type.Array(UserToggle),
  /** While impersonating: the staff member really signed in (userName is his too). */
  realUser: Type.Optional(Type.Object({ userMasterId: Type.Integer(), fullName: Type.String(), email: Type.String() })),
  /** Modules and features switched off for the organization or the deployment, with the routes they hide and why. */
  disabledModules: Type.Optional(
    Type.Array(Type.Object({ moduleId: Type.String(), featureId: Type.String(), reason: Type.String(), routes: Type.Array(Type.String()) })),
  ),
  /** The user must choose a password (a new user signing in with his access e-mail's link). */
  mustSetPassword: Type.Optional(Type.Boolean()),
  /** The admin permissions of the user's role (docs/decisions.md), for what the settings area shows. */
  adminPermissions: Type.Optional(Type.Array(Type.String())),
});

export const getBySession = defineContract({
  method: 'GET',
  path: '/User/GetBySession',
  service: 'user',
  access: 'session',
  summary: 'The signed-in user, with settings and toggles',
  response: { 200: UserResult, 401: ErrorBody },
});
