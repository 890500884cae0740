import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { DESIGN_TOKENS, designTokenVariables, themeTokens } from '../web/themeTokens.ts';

// Screens built without antd (sign-in) use DESIGN_TOKENS: they must be what antd computes for our theme.
describe('DESIGN_TOKENS', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`match antd's tokens for the ${mode} theme`, () => {
      const algorithm = mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm;
      const antd = theme.getDesignToken({ algorithm, ...themeTokens(mode) }) as unknown as Record<string, unknown>;
      const expected = Object.fromEntries(Object.keys(DESIGN_TOKENS[mode]).map((name) => [name, antd[name]]));
      expect(DESIGN_TOKENS[mode]).toEqual(expected);
    });
  }

  it('become CSS custom properties', () => {
    expect(designTokenVariables('dark')).toMatchObject({ '--tb-color-bg-layout': '#0b1220', '--tb-color-primary': '#2257cb' });
  });
});
