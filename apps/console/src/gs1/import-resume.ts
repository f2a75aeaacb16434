import type { ImportFormat } from '@waymark/csv';
import type { ImportOptions, ImportProgress } from './import-run';

/** Bytes at the start of a file hashed to tell a file from another of the same name, size and date. */
const HEAD_BYTES = 64 * 1024;
const PREFIX = 'waymark.gs1-import:';
/** Saved imports kept in this browser; the oldest is forgotten beyond this. */
const KEPT = 20;

/** What identifies a chosen file across page loads (a File cannot be kept): never its rows. */
export interface FileFingerprint {
  name: string;
  size: number;
  lastModified: number;
  /** SHA-256 of the file's first 64 KiB, hex. */
  head: string;
}

/**
 * An interrupted import, kept in localStorage after every batch the API confirmed: the rows before
 * `progress.rows` are settled (imported, skipped, failed or unreadable, with their errors in `progress.errors`).
 * `runId` names the run in each batch's Idempotency-Key, so a resumed run resends an unconfirmed batch under the
 * key it was first sent with. `owner` is a digest of the API key, never the key.
 */
export interface SavedImport {
  version: 1;
  owner: string;
  file: FileFingerprint;
  format: ImportFormat;
  options: ImportOptions;
  runId: string;
  progress: ImportProgress;
  savedAt: number;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function fingerprintOf(file: File): Promise<FileFingerprint> {
  const head = await crypto.subtle.digest('SHA-256', await file.slice(0, HEAD_BYTES).arrayBuffer());
  return { name: file.name, size: file.size, lastModified: file.lastModified, head: hex(head) };
}

/** A short digest of the API key: another key signed in to this browser is not offered this key's imports. */
export async function ownerOf(apiKey: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`waymark-console:${apiKey}`));
  return hex(digest).slice(0, 32);
}

const slotOf = (owner: string, file: FileFingerprint) =>
  `${PREFIX}${owner}:${file.head}:${file.size}:${file.lastModified}:${file.name}`;

function parse(raw: string | null): SavedImport | undefined {
  if (!raw) return undefined;
  try {
    const saved = JSON.parse(raw) as SavedImport;
    const valid = saved.version === 1 && typeof saved.runId === 'string' && typeof saved.progress?.rows === 'number';
    return valid && Array.isArray(saved.progress.errors) ? saved : undefined;
  } catch {
    return undefined;
  }
}

export function savedImportOf(owner: string, file: FileFingerprint): SavedImport | undefined {
  return parse(localStorage.getItem(slotOf(owner, file)));
}

/**
 * Keeps the import's progress; false when the browser refused (storage full), in which case nothing stale is left
 * behind either: a later run must not resume from an older point than the API has confirmed.
 */
export function saveImport(saved: SavedImport): boolean {
  const slot = slotOf(saved.owner, saved.file);
  try {
    localStorage.setItem(slot, JSON.stringify(saved));
    forgetOldest();
    return true;
  } catch {
    localStorage.removeItem(slot);
    return false;
  }
}

export function forgetImport(owner: string, file: FileFingerprint): void {
  localStorage.removeItem(slotOf(owner, file));
}

function forgetOldest(): void {
  const slots: { slot: string; savedAt: number }[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const slot = localStorage.key(i);
    if (slot?.startsWith(PREFIX)) slots.push({ slot, savedAt: parse(localStorage.getItem(slot))?.savedAt ?? 0 });
  }
  slots.sort((a, b) => b.savedAt - a.savedAt);
  for (const { slot } of slots.slice(KEPT)) localStorage.removeItem(slot);
}
