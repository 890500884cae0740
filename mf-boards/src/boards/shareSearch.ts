import { SHARE_SEARCH_MAX } from '@tradeboard/shared/constants';
import type { RoleShareValue, UserShareValue } from '../api/types.ts';

export type ShareRow = {
  key: string;
  type: 'User' | 'Role';
  id: number;
  name: string;
  detail: string;
  /** The share's id; null = not shared. */
  shareId: number | null;
  canEdit: boolean;
};

export function shareRows(users: readonly UserShareValue[], roles: readonly RoleShareValue[]): ShareRow[] {
  return [
    ...users.map((user) => ({
      key: `user:${user.userMasterId}`,
      type: 'User' as const,
      id: user.userMasterId,
      name: user.fullName,
      detail: user.email,
      shareId: user.boardMasterXUserMasterId,
      canEdit: user.canEdit,
    })),
    ...roles.map((role) => ({
      key: `role:${role.roleMasterId}`,
      type: 'Role' as const,
      id: role.roleMasterId,
      name: role.roleName,
      detail: 'Role',
      shareId: role.boardMasterXRoleMasterId,
      canEdit: role.canEdit,
    })),
  ];
}

/**
 * Seed §5: the share search filters by name or type, lists at most 10 and excludes those already
 * shared. Every word must match the name, the type (user / role) or the e-mail.
 */
export function searchShareCandidates(rows: readonly ShareRow[], query: string): ShareRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  return rows
    .filter((row) => row.shareId === null)
    .filter((row) => {
      const haystack = `${row.name} ${row.type} ${row.type === 'User' ? row.detail : ''}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    })
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, SHARE_SEARCH_MAX);
}
