import type { RowError } from '@waymark/csv';

/** Rows shown on the page; the downloadable report has them all. */
const SHOWN = 200;

export function ImportErrors({ errors }: { errors: readonly RowError[] }) {
  return (
    <div className="table-wrap">
      <table data-testid="import-errors">
        <caption>
          Rows not imported ({errors.length}
          {errors.length > SHOWN ? `, the first ${SHOWN} shown` : ''})
        </caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">GTIN</th>
            <th scope="col">Error</th>
          </tr>
        </thead>
        <tbody>
          {errors.slice(0, SHOWN).map((e, i) => (
            <tr key={`${e.line}-${i}`}>
              <td>{e.line}</td>
              <td>{e.gtin || '—'}</td>
              <td>
                {e.error} <code>{e.errorCode}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
