import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ErrorState } from '../ui/states';
import { BrandingPreview } from './branding-preview';
import { brandingIssues, brandingOf, draftOf, type Branding, type BrandingDraft } from './branding-rules';

const FIELDS: { field: keyof Branding; label: string; hint?: string; placeholder?: string }[] = [
  { field: 'name', label: 'Brand name' },
  {
    field: 'logoUrl',
    label: 'Logo URL',
    hint: 'Saved, but not drawn: pages show no image from another host',
    placeholder: 'https://example.com/logo.svg',
  },
  { field: 'primaryColor', label: 'Text colour', hint: '#rgb or #rrggbb', placeholder: '#1f2937' },
  { field: 'backgroundColor', label: 'Background colour', hint: '#rgb or #rrggbb', placeholder: '#ffffff' },
  { field: 'fallbackUrl', label: 'Fallback URL', hint: 'Offered on the expired and disabled pages' },
];

/**
 * The branding of the redirector's expiry and disabled pages: checked as the API checks it before submit, with a
 * preview; `save` is the tenant's PUT /v1/branding or the operator's tenant PATCH.
 */
export function BrandingForm(props: { idPrefix: string; initial: Branding; save: (b: Branding) => Promise<Branding> }) {
  const [draft, setDraft] = useState<BrandingDraft>(() => draftOf(props.initial));
  const [tried, setTried] = useState(false);
  const issues = brandingIssues(draft);
  const invalid = Object.keys(issues).length > 0;
  const save = useMutation({
    mutationFn: () => props.save(brandingOf(draft)),
    onSuccess: (saved) => setDraft(draftOf(saved)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!invalid) save.mutate();
  };
  const id = (field: string) => `${props.idPrefix}-${field}`;
  return (
    <form className="card grid-form" onSubmit={submit} noValidate aria-labelledby={id('title')}>
      <h2 id={id('title')}>Branding of the redirector&apos;s pages</h2>
      {FIELDS.map(({ field, label, hint, placeholder }) => {
        const issue = tried ? issues[field] : undefined;
        const described = [hint && id(`${field}-hint`), issue && id(`${field}-issue`)].filter(Boolean).join(' ');
        return [
          <label key={`${field}-l`} htmlFor={id(field)}>
            {label}
          </label>,
          <div key={`${field}-i`}>
            <input
              id={id(field)}
              value={draft[field]}
              placeholder={placeholder}
              aria-invalid={issue ? true : undefined}
              aria-describedby={described || undefined}
              onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
            />
            {hint && (
              <span id={id(`${field}-hint`)} className="hint">
                {' '}
                {hint}
              </span>
            )}
            {issue && (
              <p id={id(`${field}-issue`)} className="state error">
                {issue}
              </p>
            )}
          </div>,
        ];
      })}
      <BrandingPreview branding={brandingOf(draft)} />
      {tried && invalid && (
        <p className="state error" role="alert">
          Fix the fields marked above before saving.
        </p>
      )}
      {save.isError && <ErrorState error={save.error} />}
      {save.isSuccess && !save.isPending && (
        <p role="status">Saved. The redirector shows it within seconds, on every domain of the tenant.</p>
      )}
      <button type="submit" className="primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save branding'}
      </button>
    </form>
  );
}
