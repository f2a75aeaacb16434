import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { unwrap } from '../session';
import { Empty, ErrorState, Loading } from '../ui/states';
import { ConfirmButton } from '../ui/confirm-button';
import { JobProgress } from './job-progress';
import { DownloadButton } from './download-button';
import type { components } from '@waymark/sdk';
import { DataTable, type Column } from '../ui/data-table';

const active = (status: string) => status === 'pending' || status === 'rendering';
/** Jobs and their zips are removed this long after creation (spec 8). */
const JOB_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** The export jobs, newest first; polled while any is pending or rendering. */
export function ExportJobs() {
  const client = useClient();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['exports'],
    queryFn: async () => unwrap(await client.GET('/v1/gs1/exports', { params: { query: { limit: 100 } } })),
    refetchInterval: (query) => (query.state.data?.jobs.some((j) => active(j.status)) ? 1_500 : false),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => unwrap(await client.DELETE('/v1/gs1/exports/{id}', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['exports'] }),
  });
  const jobs = list.data?.jobs ?? [];
  return (
    <section className="card" aria-labelledby="jobs-title">
      <h2 id="jobs-title">Exports</h2>
      {list.isPending && <Loading what="exports" />}
      {list.isError && <ErrorState error={list.error} />}
      {remove.isError && <ErrorState error={remove.error} />}
      {list.isSuccess && jobs.length === 0 && <Empty>No exports yet. Create one above.</Empty>}
      {jobs.length > 0 && (
        <DataTable
          testId="export-jobs"
          columns={jobColumns((id) => remove.mutate(id))}
          rows={jobs}
          rowKey={(job) => job.jobId}
        />
      )}
    </section>
  );
}

function jobColumns(onDelete: (id: string) => void): Column<components['schemas']['Gs1ExportSummaryView']>[] {
  return [
    { header: 'Name', cell: (job) => job.name },
    {
      header: 'Status',
      cell: (job) => (
        <>
          {active(job.status) ? <JobProgress id={job.jobId} /> : <JobOutcome id={job.jobId} status={job.status} />}
          {job.truncated && <span className="badge disabled">truncated: narrow the selection</span>}
        </>
      ),
    },
    { header: 'Codes', cell: (job) => job.count ?? '—' },
    {
      header: 'Created',
      cell: (job) => (
        <>
          {new Date(job.createdAt).toLocaleString()}
          <br />
          <span className="hint">
            kept until {new Date(Date.parse(job.createdAt) + JOB_LIFETIME_MS).toLocaleDateString()}
          </span>
        </>
      ),
    },
    {
      header: 'Actions',
      cell: (job) => (
        <span className="actions">
          {job.status === 'ready' && <DownloadButton id={job.jobId} name={job.name} />}
          <ConfirmButton
            label="Delete"
            danger
            question="The zip is removed too."
            onConfirm={() => onDelete(job.jobId)}
          />
        </span>
      ),
    },
  ];
}

/** A finished job's status; a failed one is fetched once more for its reason. */
function JobOutcome({ id, status }: { id: string; status: string }) {
  const client = useClient();
  const failed = useQuery({
    queryKey: ['export', id, 'failure'],
    queryFn: async () => unwrap(await client.GET('/v1/gs1/exports/{id}', { params: { path: { id } } })),
    enabled: status === 'failed',
  });
  return (
    <>
      <span className={`badge ${status === 'ready' ? 'active' : 'disabled'}`}>{status}</span>
      {failed.data?.error && <span className="hint"> {failed.data.error}</span>}
    </>
  );
}
