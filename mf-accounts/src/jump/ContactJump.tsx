import type { ReactNode } from 'react';

/** "Jump to Contact" (seed 000 "Jump-to search"): filled in once the contact reads exist. */
export default function ContactJump(): ReactNode {
  return null;
}
