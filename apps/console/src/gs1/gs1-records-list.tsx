import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { unwrap } from '../session';
import { gs1RecordHref } from '../router';
import { Empty, ErrorState, Loading } from '../ui/states';
import type { components } from '@waymark/sdk';
import { Pager, useCursorPages } from '../ui/cursor-pager';
import { DataTable, type Column } from '../ui/data-table';
import { Filters, SearchInput } from '../ui/search-filters';

const PAGE_SIZE = 25;

const RECORD_COLUMNS: Column<components['schemas']['Gs1LinkView']>[] = [
  {
    header: 'Digital Link',
    className: 'url',
    cell: (link) => <a href={gs1RecordHref(link.domain, link.code)}>{link.code}</a>,
  },
  { header: 'GTIN', cell: (link) => link.gtin },
  {
    header: 'Resolves to',
    className: 'url',
    cell: (link) => (
      <>
        {link.destination ?? link.linkset.find((e) => e.default)?.href ?? link.linkset[0]?.href ?? '—'}
        {link.linkset.length > 1 && <span className="hint"> (+{link.linkset.length - 1} links)</span>}
      </>
    ),
  },
  { header: 'Tags', cell: (link) => link.tags.join(', ') || '—' },
];

/** The tenant's GS1 Digital Links, newest first, searchable and filtered by tags, a page at a time. */
export function Gs1RecordsList() {
  const client = useClient();
  const [query, setQuery] = useState('');
  const [tags, setTags] = useState('');
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const filters = { query: query || undefined, tags: tags.replace(/\s*,\s*/g, ',').trim() || undefined };
  const list = useQuery({
    queryKey: ['gs1-links', filters, cursor],
    queryFn: async () =>
      unwrap(await client.GET('/v1/gs1/links', { params: { query: { ...filters, limit: PAGE_SIZE, cursor } } })),
    placeholderData: keepPreviousData,
  });
  const resetPaging = pages.reset;
  const links = list.data?.links ?? [];
  return (
    <section className="card" aria-labelledby="gs1-records-title">
      <h2 id="gs1-records-title">Records</h2>
      <Filters>
        <SearchInput
          label="Search"
          value={query}
          placeholder="code, destination or tag"
          onChange={(value) => (setQuery(value), resetPaging())}
        />
        <label>
          Tags (all of)
          <input value={tags} placeholder="spring, eu" onChange={(e) => (setTags(e.target.value), resetPaging())} />
        </label>
      </Filters>
      {list.isPending && <Loading what="GS1 records" />}
      {list.isError && <ErrorState error={list.error} />}
      {list.isSuccess && links.length === 0 && <Empty>No GS1 records match. Import a file above.</Empty>}
      {links.length > 0 && (
        <DataTable columns={RECORD_COLUMNS} rows={links} rowKey={(link) => `${link.domain}/${link.code}`} />
      )}
      <Pager pages={pages} nextCursor={list.data?.nextCursor} />
    </section>
  );
}
