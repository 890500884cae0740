import { useEffect, useRef, useState } from 'react';
import { CancelError } from '@tradeboard/shared/api-client';

export type TypeAheadQuery<T> = { key: string; run: (signal: AbortSignal) => Promise<T[]> };
export type TypeAheadState<T> = { results: T[]; loading: boolean; error: unknown; key: string | null };

/**
 * Results for what is typed, asked `delayMs` after the last keystroke (seed 000 §9: 500 ms); a
 * newer query cancels the one in flight. A null query (nothing typed) clears the results at once.
 */
export function useTypeAhead<T>(query: TypeAheadQuery<T> | null, delayMs: number): TypeAheadState<T> {
  const [state, setState] = useState<TypeAheadState<T>>({ results: [], loading: false, error: null, key: null });
  const latest = useRef(query);
  latest.current = query;
  const key = query?.key ?? null;

  useEffect(() => {
    if (key === null) {
      setState({ results: [], loading: false, error: null, key: null });
      return;
    }
    setState((previous) => ({ ...previous, loading: true, error: null }));
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      const run = latest.current?.run;
      if (!run) return;
      run(controller.signal).then(
        (results) => {
          if (!controller.signal.aborted) setState({ results, loading: false, error: null, key });
        },
        (error: unknown) => {
          if (controller.signal.aborted || error instanceof CancelError) return;
          setState({ results: [], loading: false, error, key });
        },
      );
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, delayMs]);

  return state;
}
