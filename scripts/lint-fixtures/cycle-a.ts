// Half of an import cycle that scripts/lint.test.ts expects the lint to refuse (ignored by the real lint).
import { b } from './cycle-b.ts';

export const a = (): number => b() + 1;
