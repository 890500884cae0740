export type AuthRoute =
  | { page: 'login' }
  | { page: 'twoFactor' }
  | { page: 'forgotPassword' }
  | { page: 'resetPassword' }
  | { page: 'logout' }
  /** /ForgotPassword at the top level goes to / (seed 000 §2). */
  | { page: 'redirect'; to: string }
  /** Not ours: the shell is moving away; render nothing. */
  | { page: 'none' };

/** The page for a path. Paths match without regard to case or a trailing slash, as the original router did. */
export function resolveRoute(pathname: string): AuthRoute {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  switch (path) {
    case '/login':
      return { page: 'login' };
    case '/login/2fa':
      return { page: 'twoFactor' };
    case '/login/forgotpassword':
      return { page: 'forgotPassword' };
    case '/login/resetpassword':
      return { page: 'resetPassword' };
    case '/logout':
      return { page: 'logout' };
    case '/forgotpassword':
      return { page: 'redirect', to: '/' };
    default:
      return path.startsWith('/login/') ? { page: 'redirect', to: '/login' } : { page: 'none' };
  }
}
