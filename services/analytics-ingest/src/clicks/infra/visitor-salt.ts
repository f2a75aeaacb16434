import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';

/** The deployment's visitor-hash salt: generated once, kept in `setting`, the same for every instance. */
export async function loadVisitorSalt(pool: Pool): Promise<string> {
  await pool.query(`INSERT INTO setting (name, value) VALUES ('visitor_salt', $1) ON CONFLICT (name) DO NOTHING`, [
    randomBytes(32).toString('base64'),
  ]);
  const { rows } = await pool.query<{ value: string }>(`SELECT value FROM setting WHERE name = 'visitor_salt'`);
  if (!rows[0]) throw new Error('visitor salt missing after insert');
  return rows[0].value;
}
