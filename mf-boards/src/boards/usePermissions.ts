import { isSettingOn } from '@tradeboard/shared/user-settings';
import { useTradeboardStore } from '@tradeboard/shared/web';
import type { BoardValue } from '../api/types.ts';

export const NO_PERMISSION_HINT =
  'You do not currently have permission to make changes to this board. Contact your system administrator if you feel this is in error.';
export const EDIT_MODE_OFF_HINT = 'Turn on edit mode in your profile menu to add a component.';

export type BoardPermissions = {
  /** Manage Boards (seed §6: AllowPageEditing). */
  canManageBoards: boolean;
  /** Cards and components of this board may be changed (AllowPageEditing and the board's canEdit). */
  canEditBoard: boolean;
  /** Edit mode is on and allowed here: editing tools and dragging show. */
  editMode: boolean;
  displayDefaultTemplates: boolean;
};

export function usePermissions(board: BoardValue | undefined): BoardPermissions {
  const settings = useTradeboardStore((state) => state.user?.settings) ?? [];
  const editModeOn = useTradeboardStore((state) => state.editMode);
  const canManageBoards = isSettingOn(settings, 'AllowPageEditing');
  const canEditBoard = canManageBoards && !!board?.canEdit;
  return {
    canManageBoards,
    canEditBoard,
    editMode: editModeOn && canEditBoard,
    displayDefaultTemplates: isSettingOn(settings, 'DisplayDefaultSectionTemplates'),
  };
}

/** Seed §6 hint for an empty card: no permission, or edit mode off; none while editing. */
export function emptyCardHint(canEditBoard: boolean, editMode: boolean): string | null {
  if (!canEditBoard) return NO_PERMISSION_HINT;
  if (!editMode) return EDIT_MODE_OFF_HINT;
  return null;
}
