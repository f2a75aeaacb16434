import path from 'node:path';
import { downloadPath } from './exports';

describe("the file an export's zip is written to", () => {
  it('is <dir>/<jobId>.zip for an id the API makes', () => {
    expect(downloadPath('out', '0b9d6f4e-2c1a-4c7e-9a61-3f1f0c2a7d11')).toBe(
      path.join('out', '0b9d6f4e-2c1a-4c7e-9a61-3f1f0c2a7d11.zip'),
    );
  });

  it.each(['../../escaped', '/etc/cron.d/x', 'a/b', 'C:\\x', '..', 'a\u0000b', '', 'x'.repeat(129), 42, null])(
    'refuses the id %j a server could send to write elsewhere',
    (id) => expect(() => downloadPath('out', id)).toThrow(/unusable export id/),
  );
});
