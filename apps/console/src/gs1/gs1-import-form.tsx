import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CSV_COLUMNS_HELP } from '@waymark/csv';
import { useClient } from '../client-context';
import { download } from '../analytics/csv';
import { ErrorState } from '../ui/states';
import { formatOfFile, type ImportFormat } from '@waymark/csv';
import { ImportFileError, readImportRows } from './import-rows';
import { freshProgress, runImport, type ImportOptions, type ImportProgress } from './import-run';
import { storedKey } from '../session';
import {
  fingerprintOf,
  forgetImport,
  ownerOf,
  savedImportOf,
  saveImport,
  type FileFingerprint,
  type SavedImport,
} from './import-resume';
import { ImportResumeOffer } from './import-resume-offer';
import { errorReportCsv } from './error-report';
import { ImportErrors } from './import-errors';

/**
 * Bulk import of a CSV, JSON or JSON Lines file chosen in the browser, streamed to the API in batches. Progress is
 * kept in localStorage after every confirmed batch, so when the same file is chosen after an interruption (tab
 * closed, network down, the API unavailable) the import resumes where the API's confirmations end.
 */
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
  const [fingerprint, setFingerprint] = useState<FileFingerprint | null>(null);
  const [saved, setSaved] = useState<SavedImport | undefined>(undefined);
  const [unsaved, setUnsaved] = useState(false);
  const [owner, setOwner] = useState<string | null>(null);
  const chosenRef = useRef<File | null>(null);

  useEffect(() => void ownerOf(storedKey() ?? '').then(setOwner), []);
  useEffect(() => {
    if (!file || !owner) return;
    void fingerprintOf(file).then((print) => {
      if (chosenRef.current !== file) return;
      setFingerprint(print);
      setSaved(savedImportOf(owner, print));
    });
  }, [file, owner]);

  const choose = (chosen: File | null) => {
    chosenRef.current = chosen;
    setFile(chosen);
    setFormat(chosen ? (formatOfFile(chosen.name) ?? '') : '');
    setFingerprint(null);
    setSaved(undefined);
  };

  const run = async (resumed: SavedImport | undefined) => {
    const runFormat = resumed?.format ?? format;
    if (!file || !runFormat || !fingerprint || !owner) return;
    const options: ImportOptions = resumed?.options ?? {
      tags: tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      upsert,
    };
    const runId = resumed?.runId ?? crypto.randomUUID();
    const keep = (now: ImportProgress) => {
      setProgress(now);
      const entry = { version: 1, owner, file: fingerprint, format: runFormat, options, runId } as const;
      if (!saveImport({ ...entry, progress: now, savedAt: Date.now() })) setUnsaved(true);
    };
    setRunning(true);
    setFailure(null);
    setFinished(false);
    setSaved(undefined);
    setUnsaved(false);
    setProgress(resumed?.progress ?? null);
    // Kept before the first request: a first batch applied but never confirmed is resent under the same key.
    if (!resumed) keep({ ...freshProgress() });
    try {
      await runImport(client, readImportRows(file, runFormat), { runId, options, from: resumed?.progress }, keep);
      forgetImport(owner, fingerprint);
      setFinished(true);
    } catch (error) {
      setFailure(error);
      // A file that cannot be read on fails again at the same row: it must be fixed (a new file), not resumed.
      if (error instanceof ImportFileError) forgetImport(owner, fingerprint);
      else setSaved(savedImportOf(owner, fingerprint));
    } finally {
      setRunning(false);
      void queryClient.invalidateQueries({ queryKey: ['gs1-links'] });
    }
  };
  const start = (event: FormEvent) => {
    event.preventDefault();
    void run(undefined);
  };
  const percent = Math.round((progress?.position ?? 0) * 100);
  return (
    <form className="card grid-form" onSubmit={start} aria-labelledby="gs1-import-title">
      <h2 id="gs1-import-title">Import records</h2>
      <p className="hint" id="gs1-import-help">
        A CSV file with a header row ({CSV_COLUMNS_HELP}), a JSON array of records or JSON Lines. Rows are sent in
        batches; a bad row is reported below and never stops the others. If an import is interrupted, choose the same
        file again to resume it.
      </p>
      <label htmlFor="gs1-file">File</label>
      <input
        id="gs1-file"
        type="file"
        accept=".csv,.json,.jsonl,.ndjson,text/csv,application/json"
        aria-describedby="gs1-import-help"
        onChange={(e) => choose(e.target.files?.[0] ?? null)}
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
      {saved && !running && <ImportResumeOffer saved={saved} onResume={() => void run(saved)} />}
      <button
        type="submit"
        className={saved ? undefined : 'primary'}
        disabled={!file || !format || !fingerprint || running}
      >
        {running ? 'Importing…' : saved ? 'Import from the first row' : 'Import'}
      </button>
      {unsaved && (
        <p className="hint">This browser's storage is full: if this import is interrupted, it starts over.</p>
      )}
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
