import type { SavedImport } from './import-resume';

/** The offer shown when the chosen file's import was interrupted: where it stopped and what resuming sends. */
export function ImportResumeOffer({ saved, onResume }: { saved: SavedImport; onResume: () => void }) {
  const { progress, options } = saved;
  const tags = options.tags.length > 0 ? options.tags.join(', ') : 'none';
  return (
    <div data-testid="import-resume">
      <p id="gs1-resume-note">
        An import of this file was interrupted. The API confirmed its first {progress.rows} rows ({progress.created}{' '}
        created, {progress.updated} updated, {progress.skipped} skipped, {progress.failed} failed). Resuming sends the
        rest with the options it started with (tags: {tags}; existing records {options.upsert ? 'updated' : 'skipped'})
        and keeps the errors reported so far; a batch sent but not confirmed is sent again and applied once.
      </p>
      <button type="button" className="primary" aria-describedby="gs1-resume-note" onClick={onResume}>
        Resume from row {progress.rows + 1}
      </button>
    </div>
  );
}
