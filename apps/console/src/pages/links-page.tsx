import { lazy, Suspense, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { unwrap } from '../session';
import { linkHref } from '../router';
import { Empty, ErrorState, Loading } from '../ui/states';
import { LinkCreateForm } from '../links/link-create-form';
import type { components } from '@waymark/sdk';
import { Pager, useCursorPages } from '../ui/cursor-pager';
import { DataTable, type Column } from '../ui/data-table';
import { Filters, SearchInput } from '../ui/search-filters';

// The CSV import (and its parser) is a separate chunk, fetched after the first page is shown.
const LinkBulkImport = lazy(() => import('../links/link-bulk-import'));

type SortKey = 'createdAt' | 'code' | 'lastClickAt';
const PAGE_SIZE = 25;

const LINK_COLUMNS: Column<components['schemas']['LinkView']>[] = [
  { header: 'Short URL', cell: (link) => <a href={linkHref(link.domain, link.code)}>{link.shortUrl}</a> },
  { header: 'Destination', className: 'url', cell: (link) => link.destination },
  { header: 'Status', cell: (link) => <span className={`badge ${link.status}`}>{link.status}</span> },
  { header: 'Last click', cell: (link) => (link.lastClickAt ? new Date(link.lastClickAt).toLocaleString() : '—') },
];

export function LinksPage() {
  const client = useClient();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<'' | 'active' | 'disabled'>('');
  const [domain, setDomain] = useState('');
  const [sort, setSort] = useState<SortKey>('createdAt');
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const filters = { q: q || undefined, status: status || undefined, domain: domain || undefined };
  const list = useQuery({
    queryKey: ['links', filters, cursor],
    queryFn: async () =>
      unwrap(await client.GET('/v1/links', { params: { query: { ...filters, limit: PAGE_SIZE, cursor } } })),
    placeholderData: keepPreviousData,
  });
  const resetPaging = pages.reset;
  // The API lists newest first; other orders sort the page shown.
  const links = useMemo(() => {
    const rows = [...(list.data?.links ?? [])];
    if (sort === 'code') rows.sort((a, b) => a.code.localeCompare(b.code));
    if (sort === 'lastClickAt') rows.sort((a, b) => (b.lastClickAt ?? '').localeCompare(a.lastClickAt ?? ''));
    return rows;
  }, [list.data, sort]);
  return (
    <>
      <h1>Links</h1>
      <LinkCreateForm />
      <Suspense fallback={<Loading what="the CSV import" />}>
        <LinkBulkImport />
      </Suspense>
      <section className="card" aria-labelledby="links-title">
        <h2 id="links-title">Your links</h2>
        <Filters>
          <SearchInput
            label="Search"
            value={q}
            placeholder="code, destination or tag"
            onChange={(value) => (setQ(value), resetPaging())}
          />
          <label>
            Status
            <select value={status} onChange={(e) => (setStatus(e.target.value as typeof status), resetPaging())}>
              <option value="">any</option>
              <option value="active">active</option>
              <option value="disabled">disabled</option>
            </select>
          </label>
          <label>
            Domain
            <input value={domain} onChange={(e) => (setDomain(e.target.value), resetPaging())} />
          </label>
          <label>
            Sort
            <select value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
              <option value="createdAt">newest</option>
              <option value="code">code</option>
              <option value="lastClickAt">last click</option>
            </select>
          </label>
        </Filters>
        {list.isPending && <Loading what="links" />}
        {list.isError && <ErrorState error={list.error} />}
        {list.isSuccess && links.length === 0 && <Empty>No links match. Create one above.</Empty>}
        {links.length > 0 && (
          <DataTable columns={LINK_COLUMNS} rows={links} rowKey={(link) => `${link.domain}/${link.code}`} />
        )}
        <Pager pages={pages} nextCursor={list.data?.nextCursor} />
      </section>
    </>
  );
}
