import { useState } from 'react';
import { serverErrorText } from './errors';

/** An RTK Query mutation answering a CSV text, as its hook returns it. */
type CsvMutation<A> = readonly [
  (arg: A) => { unwrap(): Promise<string> },
  { isLoading: boolean; reset(): void },
];

/**
 * Fetches a CSV with the session's token and hands it to the browser as a file named as the
 * server's Content-Disposition names it (a fetched body does not carry the name).
 */
export function useCsvDownload<A>([fetchCsv, { isLoading, reset }]: CsvMutation<A>, failure: string) {
  const [error, setError] = useState<string | null>(null);
  const download = async (arg: A, filename: string) => {
    setError(null);
    try {
      const csv = await fetchCsv(arg).unwrap();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      // The browser has taken the file; the text need not stay in the store.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      reset();
    } catch (e) {
      setError(serverErrorText(e) ?? failure);
    }
  };
  return { download, downloading: isLoading, error };
}
