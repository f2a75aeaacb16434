import { dataDir } from './data-dir';
import { BackupRefusedError, backupDataDir, restoreDataDir } from './backup/data-backup';

const USAGE = `usage: npm run backup -- FILE     archive the embedded data folder (Waymark must be stopped)
       npm run restore -- FILE    unpack FILE into an empty data folder
The data folder is WAYMARK_DATA_DIR, or .waymark/ in the working directory.`;

/** `npm run backup -- FILE` and `npm run restore -- FILE`: the embedded mode's data folder as one archive. */
async function main(): Promise<void> {
  const [command, file, ...rest] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const dir = process.env.WAYMARK_DATA_DIR ?? '.waymark';
  if (command === 'backup') {
    await backupDataDir(dir, file);
    process.stdout.write(`backed up ${dir} to ${file}\n`);
  } else {
    await restoreDataDir(file, dir);
    // The folder's own mode, as npm start sets it (PostgreSQL's user must traverse it when started as root).
    dataDir({ WAYMARK_DATA_DIR: dir });
    process.stdout.write(`restored ${file} into ${dir}; start Waymark with npm start\n`);
  }
}

main().catch((error: unknown) => {
  const text =
    error instanceof BackupRefusedError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`${text}\n`);
  process.exit(1);
});
