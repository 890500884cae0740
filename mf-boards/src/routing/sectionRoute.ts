import { SECTION_IDS, sectionIdOf } from '@tradeboard/shared/constants';
import type { BoardValue } from '../api/types.ts';

export type BoardSegment = { kind: 'none' } | { kind: 'default' } | { kind: 'id'; id: number } | { kind: 'invalid'; raw: string };

export type SectionAddress = {
  /** The section as the seed spells it (accountSummary), or the typed name when unknown. */
  sectionName: string;
  /** 0 when unknown (seed §2: lookup ignores case, unknown → 0). */
  sectionId: number;
  board: BoardSegment;
  /** Whether more segments follow the board (/home/1/extra): no such page. */
  extra: boolean;
};

/** Reads /{sectionName}[/{board}] (board: a numeric id or `default`); anything after the board is `extra`. */
export function parseSectionPath(pathname: string): SectionAddress | null {
  const [section, board, ...rest] = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!section) return null;
  const sectionId = sectionIdOf(section);
  const canonical = Object.keys(SECTION_IDS).find((name) => name.toLowerCase() === section.toLowerCase()) ?? section;
  let segment: BoardSegment = { kind: 'none' };
  if (board !== undefined) {
    if (board.toLowerCase() === 'default') segment = { kind: 'default' };
    else if (/^\d{1,10}$/.test(board) && Number(board) >= 1 && Number(board) <= 2_147_483_647) segment = { kind: 'id', id: Number(board) };
    else segment = { kind: 'invalid', raw: board };
  }
  return { sectionName: canonical, sectionId, board: segment, extra: rest.length > 0 };
}

/** /{section}/{board} with the query string kept (seed §2; itemNumber rides along with it). */
export function boardHref(sectionName: string, board: number | 'default', search = ''): string {
  return `/${sectionName}/${board}${search}`;
}

export function sectionHref(sectionName: string, search = ''): string {
  return `/${sectionName}${search}`;
}

/** The user's default board of the section, if any. */
export function defaultBoardOf(boards: readonly BoardValue[]): BoardValue | undefined {
  return boards.find((board) => board.isBoardDefault);
}

/**
 * Where /{sectionName} goes (seed 000 §2): the default board; else, with DisplayDefaultSectionTemplates,
 * the board `default`; else the first board (in the user's order). null: no board — stay on the section.
 */
export function sectionLandingTarget(
  sectionName: string,
  orderedBoards: readonly BoardValue[],
  displayDefaultTemplates: boolean,
  search: string,
): string | null {
  const preferred = defaultBoardOf(orderedBoards);
  if (preferred) return boardHref(sectionName, preferred.boardMasterId, search);
  if (displayDefaultTemplates) return boardHref(sectionName, 'default', search);
  const first = orderedBoards[0];
  return first ? boardHref(sectionName, first.boardMasterId, search) : null;
}

/**
 * Where /{sectionName}/{board} goes when the board is missing (not a number, not in the list, or
 * not found): the default board, else the first; no board at all → back to /{sectionName} (seed §2).
 */
export function missingBoardTarget(sectionName: string, orderedBoards: readonly BoardValue[], search: string): string {
  const fallback = defaultBoardOf(orderedBoards) ?? orderedBoards[0];
  return fallback ? boardHref(sectionName, fallback.boardMasterId, search) : sectionHref(sectionName, search);
}

export type BoardRouteDecision =
  | { action: 'notFound' }
  | { action: 'redirect'; to: string }
  | { action: 'section' }
  | { action: 'board'; boardId: number }
  | { action: 'defaultBoard' };

/**
 * The whole routing rule for a section address once the section's boards are known (seed 000 §2,
 * issue 3 "Section and board routing").
 */
export function decideBoardRoute(
  address: SectionAddress,
  orderedBoards: readonly BoardValue[],
  displayDefaultTemplates: boolean,
  search: string,
): BoardRouteDecision {
  if (address.sectionId === 0 || address.extra) return { action: 'notFound' };
  const { sectionName, board } = address;
  switch (board.kind) {
    case 'none': {
      const to = sectionLandingTarget(sectionName, orderedBoards, displayDefaultTemplates, search);
      return to ? { action: 'redirect', to } : { action: 'section' };
    }
    case 'default':
      // With DisplayDefaultSectionTemplates off there is no `default` board: back to the section.
      return displayDefaultTemplates ? { action: 'defaultBoard' } : { action: 'redirect', to: sectionHref(sectionName, search) };
    case 'invalid':
      return { action: 'redirect', to: missingBoardTarget(sectionName, orderedBoards, search) };
    case 'id':
      return orderedBoards.some((b) => b.boardMasterId === board.id)
        ? { action: 'board', boardId: board.id }
        : { action: 'redirect', to: missingBoardTarget(sectionName, orderedBoards, search) };
  }
}
