/**
 * What every event store adapter decides the same way on append: whether an expected revision holds,
 * and whether a rejected append was a retry of a batch already stored (idempotent event ids).
 */
import type { AppendResult, ExpectedRevision } from './types.ts';

export function satisfies(expected: ExpectedRevision, actual: bigint | 'no_stream'): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === 'no_stream';
    case 'stream_exists':
      return actual !== 'no_stream';
    default:
      return actual === expected;
  }
}

/** Where an event id is stored, as the adapters read it back after a rejected append. */
export interface StoredPlace {
  stream: string;
  revision: bigint;
  position: bigint;
}

/** The stored batch counts as "this append already happened" only at the revisions the append implied. */
export function matchStoredBatch(stream: string, expected: ExpectedRevision, stored: readonly (StoredPlace | undefined)[]): AppendResult | undefined {
  const rows: StoredPlace[] = [];
  for (const row of stored) {
    if (!row || row.stream !== stream) return undefined;
    rows.push(row);
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return undefined;
  const start = first.revision;
  if (!rows.every((row, i) => row.revision === start + BigInt(i))) return undefined;
  if (expected === 'no_stream' && start !== 0n) return undefined;
  if (typeof expected === 'bigint' && start !== expected + 1n) return undefined;
  return { nextRevision: last.revision, position: last.position };
}
