import { useState } from 'react';
import { linkHref } from '../router';
import { errorText } from './failed-rows-csv';
import type { LinkRowResult } from './bulk-run';

/** Rows shown on the page; the failed-rows download has every row that was not created. */
const SHOWN = 500;

/** One line per row of the file: the created short URL, or the row's error. */
export function BulkResults({ results }: { results: readonly LinkRowResult[] }) {
  const [onlyFailed, setOnlyFailed] = useState(false);
  const rows = onlyFailed ? results.filter((r) => r.status !== 'created') : results;
  return (
    <>
      <label className="check">
        <input type="checkbox" checked={onlyFailed} onChange={(e) => setOnlyFailed(e.target.checked)} /> Show only the
        rows that were not created
      </label>
      <div className="table-wrap">
        <table data-testid="bulk-results">
          <caption>
            Results by row ({rows.length}
            {rows.length > SHOWN ? `, the first ${SHOWN} shown` : ''})
          </caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Destination</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN).map((r) => (
              <tr key={r.row.line} className={r.status === 'created' ? undefined : 'failed-row'}>
                <td>{r.row.line}</td>
                <td className="url">{String(r.row.record?.destination ?? r.row.cells.join(', '))}</td>
                <td>
                  {r.status === 'created' && r.shortUrl && r.code ? (
                    <>
                      <span className="badge active">created</span>{' '}
                      <a href={linkHref(new URL(r.shortUrl).host, r.code)}>{r.shortUrl}</a>
                    </>
                  ) : (
                    <>
                      <span className="badge disabled">{r.status}</span> {errorText(r)}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
