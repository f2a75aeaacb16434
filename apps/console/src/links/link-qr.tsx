import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { unwrap } from '../session';
import { ErrorState, Loading } from '../ui/states';
import { download } from '../analytics/csv';

/** The link's QR SVG from the API (it encodes the short URL, so re-pointing never needs a reprint). */
export function LinkQr({ domain, code }: { domain: string; code: string }) {
  const client = useClient();
  const [scale, setScale] = useState(8);
  const qr = useQuery({
    queryKey: ['qr', domain, code, scale],
    queryFn: async () =>
      unwrap(
        await client.GET('/v1/links/{code}/qr', {
          params: { path: { code }, query: { scale, domain } },
          parseAs: 'text',
        }),
      ) as string,
  });
  const src = qr.data ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data)}` : undefined;
  return (
    <section className="card" aria-labelledby="qr-title">
      <h2 id="qr-title">QR code</h2>
      <label>
        Module size {scale} px{' '}
        <input type="range" min={1} max={40} value={scale} onChange={(e) => setScale(Number(e.target.value))} />
      </label>
      {qr.isPending && <Loading what="QR code" />}
      {qr.isError && <ErrorState error={qr.error} />}
      {src && <img className="qr" src={src} alt={`QR code for ${domain}/${code}`} />}
      {qr.data && (
        <button type="button" onClick={() => download(`${code.replace(/\//g, '_')}.svg`, 'image/svg+xml', qr.data)}>
          Download SVG
        </button>
      )}
    </section>
  );
}
