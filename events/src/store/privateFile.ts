import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';

/**
 * Creates (or tightens) a data file so only its owner can read it: the event log holds password
 * hashes and the session store holds live sessions. SQLite gives its -wal/-shm files the database
 * file's mode, so tightening the main file before opening covers them.
 */
export function ensurePrivateFile(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
}
