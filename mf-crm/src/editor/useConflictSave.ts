import { useState } from 'react';
import { errorMessage } from '@tradeboard/shared/web';
import { conflictOf } from '../api/activities.ts';

/**
 * A dialog's save: busy while it runs, its error, and the newer version a stale save met (409),
 * which the dialog shows until the user loads it (clearConflict) or closes.
 */
export function useConflictSave<T>() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<T | null>(null);

  const run = async (save: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await save();
    } catch (caught) {
      const current = conflictOf<T>(caught);
      if (current) setConflict(current);
      else setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  const clearConflict = () => {
    setConflict(null);
    setError(null);
  };
  return { busy, error, setError, conflict, clearConflict, run };
}
