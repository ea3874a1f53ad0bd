import { useCallback, useEffect, useState } from 'react';
import { ClientError, errorText } from './errors';

export type AsyncState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: ClientError };

/**
 * Runs `load` when `deps` change (aborting the previous run) and on `reload()`. Deps must
 * include everything `load` reads, the language too, so content follows it.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const ctrl = new AbortController();
    setState({ status: 'loading' });
    load(ctrl.signal).then(
      (data) => !ctrl.signal.aborted && setState({ status: 'ready', data }),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setState({
          status: 'error',
          error: err instanceof ClientError ? err : new ClientError('INTERNAL', errorText('INTERNAL')),
        });
      },
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists load's inputs
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload, setData: (data: T) => setState({ status: 'ready', data }) };
}
