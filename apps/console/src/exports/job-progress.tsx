import { useQuery } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { unwrap } from '../session';

/** Live progress of a pending or rendering job, from its own record (the list carries no progress). */
export function JobProgress({ id }: { id: string }) {
  const client = useClient();
  const job = useQuery({
    queryKey: ['export', id],
    queryFn: async () => unwrap(await client.GET('/v1/gs1/exports/{id}', { params: { path: { id } } })),
    refetchInterval: 1_000,
  });
  const progress = job.data?.progress;
  const status = job.data?.status ?? 'pending';
  return (
    <span role="status" aria-live="polite">
      <span className="badge">{status}</span>{' '}
      {progress && progress.total > 0 && (
        <>
          <progress max={progress.total} value={progress.done} aria-label={`Rendering ${id}`} /> {progress.done}/
          {progress.total}
        </>
      )}
    </span>
  );
}
