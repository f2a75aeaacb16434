import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { download } from '../analytics/csv';
import { ErrorState } from '../ui/states';
import { LINK_COLUMNS_HELP } from './bulk-columns';
import { MAX_FILE_ROWS, readLinkFile } from './bulk-file';
import { runBulkCreate, type BulkProgress } from './bulk-run';
import { BulkResults } from './bulk-results';
import { failedRowsCsv } from './failed-rows-csv';

/**
 * Bulk creation from a CSV file: the file is read and checked whole first (a bad header or too many rows sends
 * nothing), then sent in batches with progress, then every row's result and a download of the rows not created.
 * Loaded on demand from the links page, with Papa Parse, so the first page does not carry them.
 */
export default function LinkBulkImport() {
  const client = useClient();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setRunning(true);
    setFailure(null);
    setProgress(null);
    try {
      const parsed = await readLinkFile(file);
      setHeader(parsed.header);
      await runBulkCreate(client, parsed.rows, setProgress);
    } catch (error) {
      setFailure(error);
    } finally {
      setRunning(false);
      void queryClient.invalidateQueries({ queryKey: ['links'] });
    }
  };
  const finished = !running && progress !== null;
  const notCreated = progress ? progress.results.filter((r) => r.status !== 'created').length : 0;
  return (
    <form className="card grid-form" onSubmit={start} aria-labelledby="bulk-links-title">
      <h2 id="bulk-links-title">Create links from a CSV file</h2>
      <p className="hint" id="bulk-links-help">
        A header row naming the columns: {LINK_COLUMNS_HELP}. Up to {MAX_FILE_ROWS.toLocaleString('en')} rows, sent 500
        at a time; a bad row is reported below and never stops the others.
      </p>
      <label htmlFor="bulk-links-file">CSV file</label>
      <input
        id="bulk-links-file"
        type="file"
        accept=".csv,text/csv"
        aria-describedby="bulk-links-help"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <button type="submit" className="primary" disabled={!file || running}>
        {running ? 'Importing…' : 'Import links'}
      </button>
      {progress && (
        <div role="status" aria-live="polite" data-testid="bulk-progress">
          <progress max={progress.total} value={progress.done} aria-label="Bulk creation progress">
            {progress.done} of {progress.total}
          </progress>{' '}
          {finished ? 'Done: ' : `${progress.done} of ${progress.total} rows: `}
          {progress.created} created, {progress.failed} not created
          {` (${progress.batches} ${progress.batches === 1 ? 'request' : 'requests'} of up to ${progress.batchSize})`}
        </div>
      )}
      {failure !== null && <ErrorState error={failure} />}
      {progress?.stoppedBy && (
        <ErrorState
          error={new Error(`The import stopped: ${progress.stoppedBy}. The rows not sent are listed below.`)}
        />
      )}
      {finished && progress.results.length > 0 && <BulkResults results={progress.results} />}
      {finished && notCreated > 0 && (
        <button
          type="button"
          onClick={() => {
            const name = `${file?.name.replace(/\.csv$/i, '') ?? 'links'}.failed.csv`;
            download(name, 'text/csv', failedRowsCsv(header, progress.results));
          }}
        >
          Download the {notCreated} {notCreated === 1 ? 'row' : 'rows'} not created (CSV)
        </button>
      )}
    </form>
  );
}
