import { useCallback, useEffect, useState } from 'react';
import { AdminApiError, adminErrorText } from './api';

export type LoadState<T> =
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: T; error: AdminApiError };

/**
 * Runs `load` when `deps` change (aborting the previous run) and on `reload()`. While a new
 * run loads, the previous data stays (lists do not flash empty between pages).
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const ctrl = new AbortController();
    setState((s) => ({ status: 'loading', data: s.data }));
    load(ctrl.signal).then(
      (data) => !ctrl.signal.aborted && setState({ status: 'ready', data }),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        const error = err instanceof AdminApiError ? err : new AdminApiError(0, 'INTERNAL', adminErrorText('INTERNAL'));
        setState((s) => ({ status: 'error', data: s.data, error }));
      },
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists load's inputs
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
