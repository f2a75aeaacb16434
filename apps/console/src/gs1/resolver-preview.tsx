import { useState } from 'react';
import { GS1_LINK_TYPES, linkTypeLabel } from '@waymark/gs1';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState, Loading } from '../ui/states';
import { whatOpens, withLinkType, type ServedLink, type ServedLinkset } from './served-linkset';

const ALL_TYPES = GS1_LINK_TYPES.map((name) => `gs1:${name}`);

function LinkLine({ link }: { link: ServedLink }) {
  const where = [link.hreflang?.join(', '), link.context?.join(', ')].filter(Boolean).join('; ');
  return (
    <>
      <a href={link.href} target="_blank" rel="noreferrer">
        {link.href}
      </a>{' '}
      ({link.title}
      {where ? `; ${where}` : ''})
    </>
  );
}

/** The Digital Link with a chosen `linkType` and what a scan of it opens, from the resolver's own linkset. */
export function ResolverPreview(props: { uri: string; recordTypes: string[]; served: UseQueryResult<ServedLinkset> }) {
  const [linkType, setLinkType] = useState('');
  const url = withLinkType(props.uri, linkType);
  const others = ALL_TYPES.filter((t) => !props.recordTypes.includes(t));
  const opens = props.served.data ? whatOpens(props.served.data, linkType) : null;
  return (
    <section className="card" aria-labelledby="preview-title">
      <h2 id="preview-title">Resolver preview</h2>
      <label htmlFor="preview-link-type">Link type</label>{' '}
      <select id="preview-link-type" value={linkType} onChange={(e) => setLinkType(e.target.value)}>
        <option value="">none (the default link)</option>
        <option value="linkset">linkset (every link, as JSON)</option>
        <optgroup label="In this record">
          {props.recordTypes.map((t) => (
            <option key={t} value={t}>
              {t} ({linkTypeLabel(t) ?? t})
            </option>
          ))}
        </optgroup>
        <optgroup label="Other GS1 link types">
          {others.map((t) => (
            <option key={t} value={t}>
              {t} ({linkTypeLabel(t) ?? t})
            </option>
          ))}
        </optgroup>
      </select>
      <p>
        A scan of{' '}
        <a className="url" href={url} target="_blank" rel="noreferrer" data-testid="preview-url">
          {url}
        </a>
      </p>
      {props.served.isPending && <Loading what="the resolver's answer" />}
      {props.served.isError && <ErrorState error={props.served.error} />}
      <p data-testid="preview-opens" aria-live="polite">
        {opens?.kind === 'one' && (
          <>
            opens <LinkLine link={opens.link} />.
          </>
        )}
        {opens?.kind === 'linkset' && <>returns the linkset: every link of this code, as JSON.</>}
        {opens?.kind === 'none' && <>finds no link of this type: the resolver answers 404 (not found).</>}
      </p>
      {opens?.kind === 'choice' && (
        <>
          <p>opens one of these, chosen by the visitor&apos;s language and context:</p>
          <ul>
            {opens.links.map((link) => (
              <li key={link.href}>
                <LinkLine link={link} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
