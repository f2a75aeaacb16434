import { useState } from 'react';
import { useClient } from '../client-context';
import { unwrap } from '../session';
import { ErrorState } from '../ui/states';

/**
 * Downloads a ready job's zip. The presigned URL is fetched at the click (the API mints a fresh one on each read,
 * valid 7 days), never kept, so the link used is always valid while the job exists.
 */
export function DownloadButton({ id, name }: { id: string; name: string }) {
  const client = useClient();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const job = unwrap(await client.GET('/v1/gs1/exports/{id}', { params: { path: { id } } }));
      if (!job.downloadUrl) throw new Error(`The export is ${job.status}, not ready to download.`);
      // The zip is served as application/zip from the object store, so following the link downloads it.
      Object.assign(document.createElement('a'), { href: job.downloadUrl, download: `${name}.zip` }).click();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => void start()} disabled={busy} aria-label={`Download zip of ${name}`}>
        Download zip
      </button>
      {error !== null && <ErrorState error={error} />}
    </>
  );
}
