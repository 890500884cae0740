import type { ReactNode } from 'react';
import { Logo } from './Logo.tsx';

export function AppFooter(): ReactNode {
  return (
    <footer className="tb-footer">
      <span>© {new Date().getFullYear()} Tradeboard. All rights reserved.</span>
      <Logo size={20} />
    </footer>
  );
}
