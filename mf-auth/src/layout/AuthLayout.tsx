import type { CSSProperties, ReactNode } from 'react';
import { DESIGN_TOKENS, designTokenVariables } from '@tradeboard/shared/web';
import { AUTH_STYLES, REVEAL_BUTTON_STYLES } from './authStyles.ts';
import { TradeboardLogo } from './TradeboardLogo.tsx';
import { useThemeMode } from '../theme/useThemeMode.ts';

type AuthLayoutProps = { title: string; subtitle?: ReactNode; children: ReactNode };

/** The centred card every sign-in page sits in, themed with the app's design tokens (light or dark). */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps): ReactNode {
  const mode = useThemeMode();
  const dark = mode === 'dark';
  const token = DESIGN_TOKENS[mode];
  const variables = {
    ...designTokenVariables(mode),
    '--tb-bg': token.colorBgLayout,
    '--tb-glow': dark ? 'rgba(36, 88, 214, 0.18)' : 'rgba(36, 88, 214, 0.10)',
    '--tb-text': token.colorText,
    '--tb-text-secondary': token.colorTextSecondary,
    '--tb-border': token.colorBorderSecondary,
    '--tb-fill': token.colorFillQuaternary,
    '--tb-primary': token.colorPrimary,
    '--tb-shadow': dark ? '0 8px 32px rgba(0, 0, 0, 0.45)' : '0 8px 32px rgba(15, 23, 42, 0.08)',
    '--tb-font-code': token.fontFamilyCode,
  } as CSSProperties;
  return (
    <div className="tb-auth" style={variables}>
      <style href="tradeboard-auth-layout" precedence="medium">
        {AUTH_STYLES + REVEAL_BUTTON_STYLES}
      </style>
      <main className="tb-auth__main">
        <div className="tb-auth__card">
          <TradeboardLogo />
          <h1 className="tb-auth__title">{title}</h1>
          {subtitle ? <p className="tb-auth__subtitle">{subtitle}</p> : null}
          {children}
        </div>
      </main>
      <footer className="tb-auth__footer">© {new Date().getFullYear()} Tradeboard</footer>
    </div>
  );
}
