import { randomBytes } from 'node:crypto';
import { createLogger } from '@waymark/logging';
import { SecretBox } from '../domain/secret-box';
import type { SealedSecret } from './channels-ports';
import { resealSecrets } from './reseal-secrets';

const newKey = () => randomBytes(32).toString('base64');
const logger = createLogger({ service: 'notifier-test', level: 'silent' });

/** The two repository calls over a Map of channel id to sealed secret, as the SQL does them. */
function fakeChannels(rows: Map<string, string>, options: { changedMeanwhile?: Set<string> } = {}) {
  return {
    secretsNotSealedWith: async (prefix: string, afterId: string, limit: number): Promise<SealedSecret[]> =>
      [...rows]
        .filter(([id, sealed]) => id > afterId && !sealed.startsWith(prefix))
        .sort(([x], [y]) => (x < y ? -1 : 1))
        .slice(0, limit)
        .map(([channelId, secretCiphertext]) => ({ channelId, secretCiphertext })),
    replaceSealedSecret: async (id: string, expected: string, next: string): Promise<boolean> => {
      if (options.changedMeanwhile?.has(id) || rows.get(id) !== expected) return false;
      rows.set(id, next);
      return true;
    },
  };
}

describe('resealSecrets', () => {
  it('pages through every secret not sealed with the current key and seals it again, the secret unchanged', async () => {
    const oldKey = newKey();
    const old = new SecretBox(oldKey);
    const rows = new Map<string, string>();
    for (let i = 0; i < 450; i += 1)
      rows.set(`ch_${String(i).padStart(4, '0')}`, old.seal(`whsec_${i}`, `ch_${String(i).padStart(4, '0')}`));
    const current = new SecretBox(newKey(), [oldKey]);
    rows.set('ch_current', current.seal('whsec_current', 'ch_current'));
    const untouched = rows.get('ch_current');

    expect(await resealSecrets({ channels: fakeChannels(rows), secrets: current, logger })).toEqual({
      resealed: 450,
      unreadable: 0,
    });
    for (const sealed of rows.values()) expect(current.isSealedWithCurrentKey(sealed)).toBe(true);
    expect(current.open(rows.get('ch_0449') as string, 'ch_0449')).toBe('whsec_449');
    expect(rows.get('ch_current')).toBe(untouched);
    expect(await resealSecrets({ channels: fakeChannels(rows), secrets: current, logger })).toEqual({
      resealed: 0,
      unreadable: 0,
    });
  });

  it('leaves a secret no key opens as it is and counts it; a row changed meanwhile is not counted', async () => {
    const stranger = new SecretBox(newKey());
    const oldKey = newKey();
    const old = new SecretBox(oldKey);
    const rows = new Map([
      ['ch_a', stranger.seal('whsec_a', 'ch_a')],
      ['ch_b', old.seal('whsec_b', 'ch_b')],
      ['ch_c', old.seal('whsec_c', 'ch_c')],
    ]);
    const before = new Map(rows);
    const current = new SecretBox(newKey(), [oldKey]);
    const result = await resealSecrets({
      channels: fakeChannels(rows, { changedMeanwhile: new Set(['ch_c']) }),
      secrets: current,
      logger,
    });
    expect(result).toEqual({ resealed: 1, unreadable: 1 });
    expect(rows.get('ch_a')).toBe(before.get('ch_a'));
    expect(rows.get('ch_c')).toBe(before.get('ch_c'));
    expect(current.open(rows.get('ch_b') as string, 'ch_b')).toBe('whsec_b');
  });
});
