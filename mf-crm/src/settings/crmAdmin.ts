import { ADMIN_ROLE_NAMES } from '@tradeboard/shared/constants';

/**
 * Whether the signed-in user maintains the CRM's reference data and user-defined fields: the
 * server's rule (an administrator's scope, services/src/crm/data-manager-routes.ts adminCall) is
 * an admin role, so the page and the settings menu entry follow the role's name.
 */
export function isCrmAdmin(user: { roleName: string } | null | undefined): boolean {
  return !!user && (ADMIN_ROLE_NAMES as readonly string[]).includes(user.roleName);
}
