import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CSV_COLUMNS_HELP } from '@waymark/csv';
import { useClient } from '../client-context';
import { download } from '../analytics/csv';
import { ErrorState } from '../ui/states';
import { formatOfFile, type ImportFormat } from '@waymark/csv';
import { readImportRows } from './import-rows';
import { runImport, type ImportProgress } from './import-run';
import { errorReportCsv } from './error-report';
import { ImportErrors } from './import-errors';

/** Bulk import of a CSV, JSON or JSON Lines file chosen in the browser, streamed to the API in batches. */
export function Gs1ImportForm() {
  const client = useClient();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat | ''>('');
  const [tags, setTags] = useState('');
  const [upsert, setUpsert] = useState(true);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [finished, setFinished] = useState(false);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !format) return;
    setRunning(true);
    setFailure(null);
    setFinished(false);
    setProgress(null);
    try {
      const options = { tags: tags.split(',').map((t) => t.trim()).filter(Boolean), upsert };
      await runImport(client, readImportRows(file, format), options, setProgress);
      setFinished(true);
    } catch (error) {
      setFailure(error);
    } finally {
      setRunning(false);
      void queryClient.invalidateQueries({ queryKey: ['gs1-links'] });
    }
  };
  const percent = Math.round((progress?.position ?? 0) * 100);
  return (
    <form className="card grid-form" onSubmit={start} aria-labelledby="gs1-import-title">
      <h2 id="gs1-import-title">Import records</h2>
      <p className="hint" id="gs1-import-help">
        A CSV file with a header row ({CSV_COLUMNS_HELP}), a JSON array of records or JSON Lines. Rows are sent in
        batches; a bad row is reported below and never stops the others.
      </p>
      <label htmlFor="gs1-file">File</label>
      <input
        id="gs1-file"
        type="file"
        accept=".csv,.json,.jsonl,.ndjson,text/csv,application/json"
        aria-describedby="gs1-import-help"
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          setFile(chosen);
          setFormat(chosen ? (formatOfFile(chosen.name) ?? '') : '');
        }}
      />
      <label htmlFor="gs1-format">Format</label>
      <select id="gs1-format" value={format} onChange={(e) => setFormat(e.target.value as ImportFormat | '')}>
        <option value="">choose…</option>
        <option value="csv">CSV</option>
        <option value="json">JSON array</option>
        <option value="jsonl">JSON Lines</option>
      </select>
      <label htmlFor="gs1-tags">Tags for every record (optional, comma separated)</label>
      <input id="gs1-tags" value={tags} onChange={(e) => setTags(e.target.value)} />
      <label className="check">
        <input type="checkbox" checked={upsert} onChange={(e) => setUpsert(e.target.checked)} /> Update records that
        already exist (otherwise they are skipped)
      </label>
      <button type="submit" className="primary" disabled={!file || !format || running}>
        {running ? 'Importing…' : 'Import'}
      </button>
      {(running || progress) && (
        <div role="status" aria-live="polite" data-testid="import-progress">
          <progress max={100} value={percent} aria-label="Import progress">
            {percent}%
          </progress>{' '}
          {finished ? 'Done: ' : `${percent}% read: `}
          {progress?.rows ?? 0} rows, {progress?.created ?? 0} created, {progress?.updated ?? 0} updated,{' '}
          {progress?.skipped ?? 0} skipped, {progress?.failed ?? 0} failed
          {` (${progress?.batches ?? 0} batches of up to ${progress?.batchSize ?? '…'})`}
        </div>
      )}
      {failure !== null && <ErrorState error={failure} />}
      {progress && progress.errors.length > 0 && (
        <>
          <ImportErrors errors={progress.errors} />
          <button
            type="button"
            onClick={() =>
              download(`${file?.name ?? 'import'}.errors.csv`, 'text/csv', errorReportCsv(progress.errors))
            }
          >
            Download the error report (CSV)
          </button>
        </>
      )}
    </form>
  );
}
