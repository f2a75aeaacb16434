import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXPORT_FORMATS, EXPORT_MAX_CODES, RASTERS, SHEETS } from '@waymark/contracts';
import { useClient } from '../client-context';
import { unwrap } from '../session';
import { ErrorState } from '../ui/states';
import { bounds, DEFAULT_FORM, exportAdvice, exportBody, exportIssues, type ExportForm } from './export-options';
import { CheckboxGroup, Choice, FieldIssue, invalidProps, Toggle } from './form-fields';

const opts = <T extends string>(values: readonly T[]) => values.map((value) => ({ value, label: value }));

/** Every export option of the specification, checked against the contract as it is edited. */
export function ExportForm() {
  const client = useClient();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ExportForm>(DEFAULT_FORM);
  const set =
    <K extends keyof ExportForm>(key: K) =>
    (value: ExportForm[K]) =>
      setForm({ ...form, [key]: value });
  const issues = useMemo(() => exportIssues(form), [form]);
  const advice = exportAdvice(form);
  const create = useMutation({
    mutationFn: async () => unwrap(await client.POST('/v1/gs1/exports', { body: exportBody(form) as never })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['exports'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (issues.size === 0) create.mutate();
  };
  const text = (id: string, key: 'name' | 'query' | 'tags' | 'spotName' | 'iccIntent', label: string) => (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={form[key]}
        onChange={(e) => set(key)(e.target.value)}
        {...invalidProps(id, issues.get(key))}
      />
      <FieldIssue id={id} issue={issues.get(key)} />
    </>
  );
  const size = (id: string, key: 'sizeMm' | 'xdimMm' | 'bleedMm', label: string) => (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        step="any"
        {...bounds(key)}
        value={form[key]}
        onChange={(e) => set(key)(e.target.value)}
        {...invalidProps(id, issues.get(key))}
      />
      <FieldIssue id={id} issue={issues.get(key)} />
    </>
  );
  return (
    <form className="card grid-form" onSubmit={submit} aria-labelledby="export-form-title" noValidate>
      <h2 id="export-form-title">New export</h2>
      <p className="hint">
        Print-ready symbols of your GS1 Digital Links in a zip, up to {EXPORT_MAX_CODES} codes per export. With no
        search and no tags, every record is exported.
      </p>
      {text('export-name', 'name', 'Name')}
      {text('export-query', 'query', 'Search (optional: code, destination, title, tags)')}
      {text('export-tags', 'tags', 'Only records with all these tags (optional, comma separated)')}
      <CheckboxGroup
        id="export-symbologies"
        legend="Symbols"
        options={[
          { value: 'qr', label: 'QR code' },
          { value: 'dm', label: 'GS1 DataMatrix' },
        ]}
        value={form.symbologies}
        onChange={set('symbologies')}
        issue={issues.get('symbologies')}
      />
      <Choice
        id="export-size-mode"
        label="Size by"
        options={[
          { value: 'total', label: 'overall size' },
          { value: 'xdim', label: 'module size (X-dimension)' },
        ]}
        value={form.sizeMode}
        onChange={set('sizeMode')}
      />
      {form.sizeMode === 'total'
        ? size('export-size', 'sizeMm', 'Overall size (mm)')
        : size('export-xdim', 'xdimMm', 'Module size (mm)')}
      <Choice
        id="export-ec"
        label="QR error correction"
        options={opts(['L', 'M', 'Q', 'H'] as const)}
        value={form.ec}
        onChange={set('ec')}
      />
      <Toggle label="Human-readable text beneath each code" checked={form.hri} onChange={set('hri')} />
      <Toggle label="Compressed Digital Link in QR codes" checked={form.compressUri} onChange={set('compressUri')} />
      <Toggle label="Also an EAN-13 barcode of each GTIN" checked={form.ean13} onChange={set('ean13')} />
      <CheckboxGroup
        id="export-formats"
        legend="Formats"
        options={opts(EXPORT_FORMATS)}
        value={form.formats}
        onChange={set('formats')}
        issue={issues.get('formats')}
      />
      <Choice
        id="export-raster"
        label="Raster copy"
        options={opts(RASTERS)}
        value={form.raster}
        onChange={set('raster')}
        issue={issues.get('raster')}
      />
      <Choice
        id="export-sheet"
        label="Imposed sheet"
        options={opts(SHEETS)}
        value={form.sheet}
        onChange={set('sheet')}
      />
      {size('export-bleed', 'bleedMm', 'Bleed (mm)')}
      <Toggle label="Crop marks and registration" checked={form.marks} onChange={set('marks')} />
      <Choice
        id="export-ink"
        label="Ink"
        options={[
          { value: 'k100', label: '100% black (K)' },
          { value: 'spot', label: 'spot colour' },
        ]}
        value={form.ink}
        onChange={set('ink')}
      />
      {form.ink === 'spot' && text('export-spot', 'spotName', 'Spot colour name')}
      {text('export-icc', 'iccIntent', 'Print condition (optional, for example FOGRA39)')}
      {advice.map((a) => (
        <p className="hint" key={a}>
          {a}
        </p>
      ))}
      {issues.size > 0 && (
        <div className="state error" role="alert" data-testid="export-issues">
          Fix before exporting:
          <ul>
            {[...issues].map(([field, message]) => (
              <li key={field}>
                {field}: {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {create.isError && <ErrorState error={create.error} />}
      {create.isSuccess && <p role="status">Export “{create.data.name}” queued. It appears below with its progress.</p>}
      <button type="submit" className="primary" disabled={issues.size > 0 || create.isPending}>
        {create.isPending ? 'Creating…' : 'Create export'}
      </button>
    </form>
  );
}
