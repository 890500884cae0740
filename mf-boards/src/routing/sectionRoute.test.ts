import { describe, expect, it } from 'vitest';
import { board } from '../test/fixtures.ts';
import { decideBoardRoute, parseSectionPath } from './sectionRoute.ts';

const boards = [board(11), board(12), board(13)];
const withDefault = [board(11), board(12, { isBoardDefault: true }), board(13)];

describe('section and board routing (seed 000 §2)', () => {
  it('looks sections up ignoring case and spells them as the seed does', () => {
    expect(parseSectionPath('/ACCOUNTSUMMARY/5')).toEqual({ sectionName: 'accountSummary', sectionId: 9, board: { kind: 'id', id: 5 }, extra: false });
    expect(parseSectionPath('/home/1/extra/path')).toMatchObject({ sectionId: 1, board: { kind: 'id', id: 1 }, extra: true });
    expect(parseSectionPath('/nope')).toMatchObject({ sectionId: 0 });
    expect(parseSectionPath('/sales/default')?.board).toEqual({ kind: 'default' });
    expect(parseSectionPath('/sales/abc')?.board).toEqual({ kind: 'invalid', raw: 'abc' });
  });

  it('unknown section → /notFound', () => {
    expect(decideBoardRoute(parseSectionPath('/nope')!, boards, false, '')).toEqual({ action: 'notFound' });
    // A path longer than /{section}/{board} is no page, even when its board exists.
    expect(decideBoardRoute(parseSectionPath('/sales/11/extra')!, boards, false, '')).toEqual({ action: 'notFound' });
  });

  it('/{section}: the default board first, the query string kept', () => {
    expect(decideBoardRoute(parseSectionPath('/sales')!, withDefault, true, '?itemNumber=A1')).toEqual({
      action: 'redirect',
      to: '/sales/12?itemNumber=A1',
    });
  });

  it('/{section}: no default and DisplayDefaultSectionTemplates on → the board `default`', () => {
    expect(decideBoardRoute(parseSectionPath('/sales')!, boards, true, '?x=1')).toEqual({ action: 'redirect', to: '/sales/default?x=1' });
  });

  it('/{section}: otherwise the first board (in the user order); no board → stay on the section', () => {
    expect(decideBoardRoute(parseSectionPath('/Sales')!, boards, false, '')).toEqual({ action: 'redirect', to: '/sales/11' });
    expect(decideBoardRoute(parseSectionPath('/sales')!, [], false, '')).toEqual({ action: 'section' });
  });

  it('/{section}/{id}: a listed board opens; a missing one → default, else first, else the section', () => {
    expect(decideBoardRoute(parseSectionPath('/sales/13')!, boards, false, '')).toEqual({ action: 'board', boardId: 13 });
    expect(decideBoardRoute(parseSectionPath('/sales/99')!, withDefault, false, '?itemNumber=Z')).toEqual({
      action: 'redirect',
      to: '/sales/12?itemNumber=Z',
    });
    expect(decideBoardRoute(parseSectionPath('/sales/99')!, boards, false, '')).toEqual({ action: 'redirect', to: '/sales/11' });
    expect(decideBoardRoute(parseSectionPath('/sales/99')!, [], false, '?a=b')).toEqual({ action: 'redirect', to: '/sales?a=b' });
    expect(decideBoardRoute(parseSectionPath('/sales/xyz')!, boards, false, '')).toEqual({ action: 'redirect', to: '/sales/11' });
  });

  it('/{section}/default: shown with DisplayDefaultSectionTemplates, else back to the section', () => {
    expect(decideBoardRoute(parseSectionPath('/sales/default')!, boards, true, '')).toEqual({ action: 'defaultBoard' });
    expect(decideBoardRoute(parseSectionPath('/sales/default')!, boards, false, '?q=1')).toEqual({ action: 'redirect', to: '/sales?q=1' });
  });
});
