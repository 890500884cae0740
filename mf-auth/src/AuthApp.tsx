import { useEffect, type ReactNode } from 'react';
import { LoginPage } from './login/LoginPage.tsx';
import { LogoutPage } from './logout/LogoutPage.tsx';
import { ForgotPasswordPage } from './password/ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './password/ResetPasswordPage.tsx';
import { navigate, useLocation } from '@tradeboard/shared/web';
import { resolveRoute } from './routing/resolveRoute.ts';
import { TwoFactorPage } from './twoFactor/TwoFactorPage.tsx';

function Redirect({ to }: { to: string }): ReactNode {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

/** The page for the current address (seed 000 §2 route table: /login children, /logout, /ForgotPassword). */
export function AuthRoutes(): ReactNode {
  const { pathname } = useLocation();
  const route = resolveRoute(pathname);
  switch (route.page) {
    case 'login':
      return <LoginPage />;
    case 'twoFactor':
      return <TwoFactorPage />;
    case 'forgotPassword':
      return <ForgotPasswordPage />;
    case 'resetPassword':
      return <ResetPasswordPage />;
    case 'logout':
      return <LogoutPage />;
    case 'redirect':
      return <Redirect to={route.to} />;
    case 'none':
      return null;
  }
}

/** The remote's root component (no UI kit: the pages draw their controls with the app's design tokens). */
export function AuthApp(): ReactNode {
  return <AuthRoutes />;
}
