/**
 * The bare baseline of a checkout (issue 44): the events a burst of checkouts appended to the
 * product's log, appended again to a bare SQLite table on the same disk (same journal settings as
 * the event store, one transaction per command, no checks, no reads, no HTTP), as a burst of the same
 * size. What a checkout costs beyond storing what it decided.
 */
import { rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

export interface StoredRow { id: string; stream: string; revision: number; type: string; data: string; metadata: string }

/** The product log's head position (read-only: the product keeps writing it). */
export function logHead(file: string): number {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return Number((db.prepare('SELECT COALESCE(MAX(position), 0) AS head FROM events').get() as { head: number }).head);
  } finally {
    db.close();
  }
}

/** The events in (from, to], grouped by the command that appended them (their metadata's correlationId), in order. */
export function appendedSince(file: string, from: number, to: number): StoredRow[][] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare('SELECT id, stream, revision, type, data, metadata FROM events WHERE position > ? AND position <= ? ORDER BY position').all(from, to) as unknown as StoredRow[];
    const groups = new Map<string, StoredRow[]>();
    for (const row of rows) {
      const key = (JSON.parse(row.metadata) as { correlationId?: string }).correlationId ?? row.id;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    return [...groups.values()];
  } finally {
    db.close();
  }
}

/** A bare SQLite file: the event table without its unique indexes, WAL and synchronous=NORMAL as the event store opens its own. */
export function openBareLog(file: string) {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('CREATE TABLE IF NOT EXISTS events (position INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT, stream TEXT, revision INTEGER, type TEXT, data TEXT, metadata TEXT)');
  const insert = db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
  return {
    /**
     * Each group in its own transaction, one after another as the burst arrived at once: the ms from
     * the burst's start until each group was stored (the k-th waits for the k−1 before it, as the
     * k-th of a burst of checkouts waits for the store's one writer).
     */
    burst(groups: readonly StoredRow[][]): number[] {
      const started = performance.now();
      return groups.map((rows) => {
        db.exec('BEGIN IMMEDIATE');
        for (const r of rows) insert.run(r.id, r.stream, r.revision, r.type, r.data, r.metadata);
        db.exec('COMMIT');
        return performance.now() - started;
      });
    },
    /** One row in its own transaction (the bare chat relay's append of each line, bareSocket.ts). */
    appendOne(row: StoredRow) {
      db.exec('BEGIN IMMEDIATE');
      insert.run(row.id, row.stream, row.revision, row.type, row.data, row.metadata);
      db.exec('COMMIT');
    },
    close() {
      db.close();
      rmSync(file, { force: true });
      rmSync(`${file}-wal`, { force: true });
      rmSync(`${file}-shm`, { force: true });
    },
  };
}
