// The other half of scripts/lint.test.ts's import cycle.
import { a } from './cycle-a.ts';

export const b = (): number => (a.length ? 1 : 0);
