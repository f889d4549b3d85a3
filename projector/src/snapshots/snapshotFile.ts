/**
 * The read-model snapshot file (ADR 015): the embedded store's read-model collections as of one log
 * position, one JSON value per line so that it is written and read a piece at a time.
 *
 *   {"format":"phonemarket-read-models","formatVersion":1,"position":"…","eventId":"…",…,"models":[…]}
 *   {"collection":"products","indexes":[…],"docs":2}
 *   {"_id":"galaxy-s25",…}
 *   {"_id":"iphone-17",…}
 *   …
 *   {"end":{"bytes":123456,"sha256":"…"}}
 *
 * The last line holds the length and SHA-256 of everything before it: a truncated or damaged file
 * fails the check and is not loaded. A file is written under a temporary name, synced to disk, then
 * renamed over its final name (and the folder synced), so a crash while writing leaves the previous
 * snapshot whole; the two newest snapshots are kept.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { CollectionImage, IndexSpec } from '../docstore/memory.ts';
import type { Doc } from '../docstore/types.ts';
import type { PushTopic } from '../readModels/types.ts';

export const SNAPSHOT_FORMAT = 'phonemarket-read-models';
export const SNAPSHOT_FORMAT_VERSION = 1;
/** Snapshots kept in the folder: the newest and the one before it. */
export const SNAPSHOTS_KEPT = 2;
const NAME = /^snapshot-(\d{20})\.ndjson$/;
/** `.snapshot-<position>-<pid>-<ms>.tmp` */
const TEMP = /^\.snapshot-\d+-(\d+)-\d+\.tmp$/;
/** Bytes serialised before each write (and chance for the event loop to serve requests). */
const CHUNK_BYTES = 64 * 1024;

export interface SnapshotModel {
  name: string;
  version: number;
  collections: string[];
}

export interface SnapshotHeader {
  format: typeof SNAPSHOT_FORMAT;
  formatVersion: number;
  /** Global position of the last event the read models include (decimal: positions are bigints). */
  position: string;
  /** The id of that event: a snapshot is refused by a log that holds another event there. */
  eventId: string | null;
  /** The projector's checkpoint topics (`CheckpointDoc.topics`) at that position. */
  topics: Partial<Record<PushTopic, string>>;
  writtenAt: string;
  models: SnapshotModel[];
}

export interface SnapshotContent {
  header: SnapshotHeader;
  /** The collections asked for (all when not narrowed), documents parsed. */
  collections: CollectionImage[];
}

export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
}

export const snapshotFileName = (position: bigint) => `snapshot-${position.toString().padStart(20, '0')}.ndjson`;

/** The snapshots in `dir`, newest first. */
export async function listSnapshots(dir: string): Promise<{ file: string; position: bigint }[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return names.flatMap((n) => {
    const m = NAME.exec(n);
    return m ? [{ file: path.join(dir, n), position: BigInt(m[1]!) }] : [];
  }).sort((a, b) => (a.position < b.position ? 1 : a.position > b.position ? -1 : 0));
}

/** Whether the process that named a temporary file is still running (it may be writing it now). */
function writerAlive(name: string): boolean {
  const pid = Number(TEMP.exec(name)?.[1]);
  if (!Number.isInteger(pid) || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes what a write that never finished left behind (a process killed while writing); another live process's write is left alone. */
export async function removeTemporaryFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const temps = names.filter((n) => TEMP.test(n) && !writerAlive(n));
  for (const n of temps) await rm(path.join(dir, n), { force: true });
  return temps;
}

/**
 * Writes a snapshot of `collections` (documents are serialised a chunk at a time, between which the
 * process serves requests), syncs it, renames it into place and keeps the newest `SNAPSHOTS_KEPT`.
 */
export async function writeSnapshot(dir: string, header: SnapshotHeader, collections: readonly CollectionImage[]): Promise<{ file: string; bytes: number }> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const position = BigInt(header.position);
  const file = path.join(dir, snapshotFileName(position));
  const temp = path.join(dir, `.snapshot-${position}-${process.pid}-${Date.now()}.tmp`);
  const hash = createHash('sha256');
  const fh = await open(temp, 'w', 0o600);
  let bytes = 0;
  let pending: string[] = [];
  let pendingLength = 0;
  const drain = async () => {
    if (pending.length === 0) return;
    const chunk = Buffer.from(pending.join(''), 'utf8');
    pending = [];
    pendingLength = 0;
    hash.update(chunk);
    bytes += chunk.length;
    await fh.write(chunk);
  };
  const line = async (value: unknown) => {
    const text = `${JSON.stringify(value)}\n`;
    pending.push(text);
    pendingLength += text.length;
    if (pendingLength >= CHUNK_BYTES) await drain();
  };
  try {
    await line(header);
    for (const col of collections) {
      await line({ collection: col.name, indexes: col.indexes, docs: col.docs.length });
      for (const doc of col.docs) await line(doc);
    }
    await drain();
    await fh.write(`${JSON.stringify({ end: { bytes, sha256: hash.digest('hex') } })}\n`);
    await fh.sync();
  } catch (err) {
    await fh.close().catch(() => {});
    await rm(temp, { force: true });
    throw err;
  }
  await fh.close();
  await rename(temp, file);
  await syncFolder(dir);
  for (const old of (await listSnapshots(dir)).slice(SNAPSHOTS_KEPT)) await rm(old.file, { force: true });
  return { file, bytes: (await statSize(file)) ?? bytes };
}

async function statSize(file: string): Promise<number | null> {
  const fh = await open(file, 'r');
  try {
    return (await fh.stat()).size;
  } finally {
    await fh.close();
  }
}

/** A rename is durable once the folder's entry is on disk. */
async function syncFolder(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } catch {
    /* some file systems cannot sync a folder: the rename is still atomic */
  } finally {
    await fh.close();
  }
}

/**
 * Reads and checks a snapshot: the checksum over the whole file first (a truncated or damaged file
 * throws `SnapshotError`), then the header and the collections `select` picks given the header
 * (all when absent); the others are skipped unparsed.
 */
export async function readSnapshot(file: string, select?: (header: SnapshotHeader) => ReadonlySet<string>): Promise<SnapshotContent> {
  const buf = await readFile(file);
  const header = verify(buf, file);
  const only = select?.(header);
  const collections: CollectionImage[] = [];
  let at = buf.indexOf(0x0a) + 1;
  const end = buf.lastIndexOf(0x0a, buf.length - 2) + 1;
  const nextLine = () => {
    const nl = buf.indexOf(0x0a, at);
    if (nl < 0 || nl >= end) throw new SnapshotError(`${file}: the collections end early`);
    const text = buf.toString('utf8', at, nl);
    at = nl + 1;
    return text;
  };
  try {
    while (at < end) {
      const meta = JSON.parse(nextLine()) as { collection: string; indexes: IndexSpec[]; docs: number };
      if (typeof meta.collection !== 'string' || !Number.isInteger(meta.docs)) throw new SnapshotError(`${file}: a collection line is malformed`);
      if (only && !only.has(meta.collection)) {
        for (let i = 0; i < meta.docs; i++) at = buf.indexOf(0x0a, at) + 1;
        continue;
      }
      const docs: Doc[] = new Array(meta.docs);
      for (let i = 0; i < meta.docs; i++) docs[i] = JSON.parse(nextLine()) as Doc;
      collections.push({ name: meta.collection, indexes: meta.indexes, docs });
    }
  } catch (err) {
    if (err instanceof SnapshotError) throw err;
    throw new SnapshotError(`${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return { header, collections };
}

function verify(buf: Buffer, file: string): SnapshotHeader {
  if (buf.length === 0 || buf[buf.length - 1] !== 0x0a) throw new SnapshotError(`${file}: truncated (no final line)`);
  const trailerStart = buf.lastIndexOf(0x0a, buf.length - 2) + 1;
  let trailer: { end?: { bytes?: unknown; sha256?: unknown } };
  try {
    trailer = JSON.parse(buf.toString('utf8', trailerStart, buf.length - 1)) as typeof trailer;
  } catch {
    throw new SnapshotError(`${file}: truncated (the last line is not the checksum)`);
  }
  if (typeof trailer?.end?.sha256 !== 'string' || trailer.end.bytes !== trailerStart) throw new SnapshotError(`${file}: truncated (the checksum line does not match the length)`);
  const sha256 = createHash('sha256').update(buf.subarray(0, trailerStart)).digest('hex');
  if (sha256 !== trailer.end.sha256) throw new SnapshotError(`${file}: checksum mismatch (the file is damaged)`);
  const headerEnd = buf.indexOf(0x0a);
  let header: SnapshotHeader;
  try {
    header = JSON.parse(buf.toString('utf8', 0, headerEnd)) as SnapshotHeader;
  } catch {
    throw new SnapshotError(`${file}: the header is not JSON`);
  }
  if (header.format !== SNAPSHOT_FORMAT) throw new SnapshotError(`${file}: not a read-model snapshot`);
  if (header.formatVersion !== SNAPSHOT_FORMAT_VERSION) throw new SnapshotError(`${file}: format version ${header.formatVersion}, this code reads ${SNAPSHOT_FORMAT_VERSION}`);
  if (typeof header.position !== 'string' || !/^\d+$/.test(header.position) || !Array.isArray(header.models)) throw new SnapshotError(`${file}: the header is malformed`);
  return header;
}
