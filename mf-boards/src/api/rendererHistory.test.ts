import { afterEach, describe, expect, it } from 'vitest';
import { RENDERER_HISTORY_KEY, RENDERER_HISTORY_SIZE, rememberedRenderers, rememberRenderers } from './rendererHistory.ts';

afterEach(() => localStorage.clear());

describe('renderer history', () => {
  it('remembers the renderers of each board, once each', () => {
    rememberRenderers(12, ['notes', 'list', 'notes']);
    rememberRenderers(3, ['kpi']);
    expect(rememberedRenderers(12)).toEqual(['notes', 'list']);
    expect(rememberedRenderers(3)).toEqual(['kpi']);
    expect(rememberedRenderers(99)).toEqual([]);
  });

  it('keeps the boards opened last', () => {
    for (let board = 1; board <= RENDERER_HISTORY_SIZE; board++) rememberRenderers(board, ['notes']);
    rememberRenderers(1, ['list']);
    rememberRenderers(RENDERER_HISTORY_SIZE + 1, ['kpi']);
    expect(rememberedRenderers(2)).toEqual([]);
    expect(rememberedRenderers(1)).toEqual(['list']);
    expect(rememberedRenderers(RENDERER_HISTORY_SIZE + 1)).toEqual(['kpi']);
    expect(JSON.parse(localStorage.getItem(RENDERER_HISTORY_KEY)!)).toHaveLength(RENDERER_HISTORY_SIZE);
  });

  it('a history that cannot be read is an empty one', () => {
    localStorage.setItem(RENDERER_HISTORY_KEY, '{not json');
    expect(rememberedRenderers(12)).toEqual([]);
    localStorage.setItem(RENDERER_HISTORY_KEY, JSON.stringify([[12, [1, 2]], ['x', ['notes']], { 12: ['notes'] }]));
    expect(rememberedRenderers(12)).toEqual([]);
    rememberRenderers(12, ['notes']);
    expect(rememberedRenderers(12)).toEqual(['notes']);
  });
});
