/**
 * Read models on PostgreSQL (ADR 024): documents as JSONB rows, one table for every collection.
 *
 * Filters, updates, ordering and unique keys keep the embedded store's MongoDB semantics by using its
 * very code (mingo/fastFilter, update.ts, values.ts): a read fetches the collection's rows (only the
 * pinned ones for an `_id` filter) and evaluates the filter and sort in Node; a write reads the row
 * FOR UPDATE, applies the operators and writes it back in one transaction, unique index keys kept in
 * `rm_unique_keys` (primary key = the uniqueness). This is what the query side and the contract use.
 *
 * The projector does not write document by document: it works on an in-memory copy and hands each
 * batch's changed documents, with its checkpoint, to `commitChanges` — one transaction (see
 * `trackChanges` and projector/src/run.ts).
 */
import pg from 'pg';
import { listenForCommits } from '@phonemarket/events/store/postgres.ts';
import { ensurePostgresSchema } from '@phonemarket/events/store/postgresSchema.ts';
import { DuplicateKeyError } from './errors.ts';
import { compileFilter, defineIndex, findDocs, idLookup, indexKeys, type CollectionImage, type Index, type IndexSpec, type MemoryDocStore } from './memory.ts';
import type { Collection, Doc, DocStore, Filter, Sort } from './types.ts';
import { applyUpdate } from './update.ts';

const SCHEMA_LOCK = 0x706d646f;
/** NOTIFYed by every batch commit (delivered at its commit): query-api instances read the checkpoint at once (ADR 024). */
const COMMITTED_CHANNEL = 'phonemarket_read_models';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; a larger checkpoint is read back instead. */
const MAX_NOTIFY_PAYLOAD = 7_900;
const UNIQUE_VIOLATION = '23505';
/** SQLSTATE of `rm_refuse`: the one-statement commit refused (fenced, or it would need unique keys). */
const REFUSED = 'PMRM1';
const REFUSED_FENCED = 'fenced';
const REFUSED_KEYED = 'unique keys';
/** Deletes `gone`'s rows (a CTE returning collection, id) leaving their tombstones: the statement's tail. */
const TOMBSTONES_OF = (gone: string) => `INSERT INTO rm_tombstones (collection, id) SELECT collection, id FROM ${gone}
  ON CONFLICT (collection, id) DO UPDATE SET seq = excluded.seq, at = excluded.at`;
/** Everything dropped: the tombstones go too, and a standby holding anything older loads again. */
const DROP_CHANGES = `DELETE FROM rm_tombstones; UPDATE rm_change_horizon SET seq = nextval('rm_change_seq')`;

const SCHEMA = `
  -- Every write of a document takes the next number (its row's seq, a delete's tombstone): a warm
  -- standby reads what changed after the number it holds (changesSince, ADR 024).
  CREATE SEQUENCE IF NOT EXISTS rm_change_seq;
  CREATE TABLE IF NOT EXISTS rm_documents (
    collection text NOT NULL,
    id         text NOT NULL,
    doc        jsonb NOT NULL,
    seq        bigint NOT NULL DEFAULT nextval('rm_change_seq'),
    PRIMARY KEY (collection, id)
  );
  CREATE TABLE IF NOT EXISTS rm_tombstones (
    collection text NOT NULL,
    id         text NOT NULL,
    seq        bigint NOT NULL DEFAULT nextval('rm_change_seq'),
    at         timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (collection, id)
  );
  -- The deleted documents' ids with their delete's number, kept a while (trimTombstones). The column and
  -- the indexes only when missing: CREATE INDEX IF NOT EXISTS locks the table first, and would wait for
  -- the active projector's commit at every process start (a query-api's start too).
  DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'rm_documents' AND column_name = 'seq') THEN
      ALTER TABLE rm_documents ADD COLUMN seq bigint NOT NULL DEFAULT nextval('rm_change_seq');
    END IF;
    IF to_regclass('rm_documents_by_seq') IS NULL THEN CREATE INDEX rm_documents_by_seq ON rm_documents (seq); END IF;
    IF to_regclass('rm_tombstones_by_seq') IS NULL THEN CREATE INDEX rm_tombstones_by_seq ON rm_tombstones (seq); END IF;
  END $$;
  -- Changes up to this number may have no tombstone left (trimmed, or everything dropped): a standby
  -- holding an older state loads everything again.
  CREATE TABLE IF NOT EXISTS rm_change_horizon (
    singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    seq       bigint NOT NULL
  );
  INSERT INTO rm_change_horizon (seq) VALUES (0) ON CONFLICT DO NOTHING;
  CREATE TABLE IF NOT EXISTS rm_indexes (
    collection text NOT NULL,
    name       text NOT NULL,
    keys       json NOT NULL, -- json, not jsonb: a compound index's key order is its meaning
    is_unique  boolean NOT NULL,
    PRIMARY KEY (collection, name)
  );
  CREATE TABLE IF NOT EXISTS rm_unique_keys (
    collection text NOT NULL,
    index_name text NOT NULL,
    key        text NOT NULL,
    id         text NOT NULL,
    PRIMARY KEY (collection, index_name, key)
  );
  CREATE INDEX IF NOT EXISTS rm_unique_keys_by_id ON rm_unique_keys (collection, id);
  -- Aborts the statement it is called in (the one-statement commit's fence and unique-key checks).
  CREATE OR REPLACE FUNCTION rm_refuse(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS
    $$ BEGIN RAISE EXCEPTION '%', reason USING ERRCODE = '${REFUSED}'; END $$;
`;

/** What one projector batch changed: per collection, the documents now (null: deleted). */
export interface DocChanges {
  /** dropAll ran (projections:rebuild): everything goes before the documents below are written. */
  dropped: boolean;
  docs: Map<string, Map<string, Doc | null>>;
  indexes: Map<string, Index[]>;
}

/** What changed after a change number (`PostgresDocStore.changesSince`). */
export interface CommittedChanges {
  /** The change number this state is at: pass it to the next `changesSince`. */
  seq: bigint;
  /** Per collection, the documents written since (null: deleted), in the order they were written. */
  docs: Map<string, Map<string, Doc | null>>;
  /** Every collection's index definitions (a handful of rows). */
  indexes: Map<string, IndexSpec[]>;
}

export interface PostgresDocStore extends DocStore {
  /** Every collection's documents and indexes, as images for `MemoryDocStore.restore`. */
  images(): Promise<CollectionImage[]>;
  /** `images()` with the change number they are at (one snapshot), for `changesSince`. */
  snapshot(): Promise<{ images: CollectionImage[]; seq: bigint }>;
  /**
   * The committed documents written or deleted after change number `seq` (one snapshot), or null when
   * some of those changes are no longer known (tombstones trimmed, or everything dropped since): load
   * a `snapshot()` then. Exact while one writer commits at a time (the fenced projector): a commit's
   * numbers are taken after the previous commit ended, so a later commit never has a lower one.
   */
  changesSince(seq: bigint): Promise<CommittedChanges | null>;
  /**
   * Drops the tombstones of deletes older than `olderThanMs` (the active projector calls it now and then)
   * and moves the horizon past them: a standby further behind loads everything again. Answers how many.
   */
  trimTombstones(olderThanMs: number): Promise<number>;
  /**
   * Writes a batch in one transaction. `fence` makes it conditional: the stored document
   * `fence.collection/fence.id` must still have `fence.field === fence.expected` (the checkpoint this
   * writer last committed), else nothing is written and it rejects with `FencedError` (another
   * projector took over).
   */
  commitChanges(changes: DocChanges, fence?: { collection: string; id: string; field: string; expected: unknown }): Promise<void>;
}

export class FencedError extends Error {
  override readonly name = 'FencedError';
}

type Queryable = pg.Pool | pg.PoolClient;

export async function connectPostgresDocStore(url: string, opts: { poolSize?: number } = {}): Promise<PostgresDocStore> {
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
  pool.on('error', () => {});
  await ensurePostgresSchema(pool, SCHEMA_LOCK, SCHEMA);

  async function indexesOf(db: Queryable, collection: string): Promise<Map<string, Index>> {
    const { rows } = await db.query<{ name: string; keys: Sort; is_unique: boolean }>('SELECT name, keys, is_unique FROM rm_indexes WHERE collection = $1 ORDER BY name', [collection]);
    return new Map(rows.map((r) => [r.name, { name: r.name, keys: r.keys, unique: r.is_unique, owners: new Map() }]));
  }

  async function rows(db: Queryable, collection: string, filter: Filter, lock = false): Promise<Doc[]> {
    const ids = idLookup(filter);
    const forUpdate = lock ? ' FOR UPDATE' : '';
    const ranges = ids ? { sql: '', values: [] } : numericRanges(filter, 2);
    const result = ids
      ? await db.query<{ doc: string }>(`SELECT doc::text AS doc FROM rm_documents WHERE collection = $1 AND id = ANY($2) ORDER BY id COLLATE "C"${forUpdate}`, [collection, ids])
      : await db.query<{ doc: string }>(`SELECT doc::text AS doc FROM rm_documents WHERE collection = $1${ranges.sql} ORDER BY id COLLATE "C"${forUpdate}`, [collection, ...ranges.values]);
    const docs = result.rows.map((r) => decode(r.doc));
    const test = compileFilter(filter);
    return test ? docs.filter(test) : docs;
  }

  /** Stores `next` (null: deletes) under `id`, keeping the unique keys; a taken key rejects as MongoDB's E11000. */
  async function write(client: pg.PoolClient, collection: string, id: string, next: Doc | null, unique: readonly Index[]): Promise<void> {
    if (unique.length > 0) {
      await client.query('DELETE FROM rm_unique_keys WHERE collection = $1 AND id = $2 AND index_name = ANY($3)', [collection, id, unique.map((i) => i.name)]);
      if (next) {
        for (const idx of unique) {
          const keys = indexKeys(next, idx.keys);
          const taken = await client.query<{ key: string }>(
            `INSERT INTO rm_unique_keys (collection, index_name, key, id) SELECT $1, $2, k, $3 FROM unnest($4::text[]) AS k
             ON CONFLICT DO NOTHING RETURNING key`, [collection, idx.name, id, keys],
          );
          if (taken.rowCount !== keys.length) {
            throw new DuplicateKeyError(`E11000 duplicate key error collection: ${collection} index: ${idx.name}`);
          }
        }
      }
    }
    if (next) {
      await client.query(
        'INSERT INTO rm_documents (collection, id, doc) VALUES ($1, $2, $3::jsonb) ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc, seq = excluded.seq',
        [collection, id, encode(next)],
      );
    } else {
      await client.query(`WITH gone AS (DELETE FROM rm_documents WHERE collection = $1 AND id = $2 RETURNING collection, id) ${TOMBSTONES_OF('gone')}`, [collection, id]);
    }
  }

  const uniqueOf = async (db: Queryable, collection: string) => [...(await indexesOf(db, collection)).values()].filter((i) => i.unique);

  function collection(name: string): Collection<Doc> {
    if (name === '' || name.includes('$') || name.includes('\0')) throw new Error(`Invalid collection name '${name}'`);
    return {
      name,
      async get(id) {
        const { rows: found } = await pool.query<{ doc: string }>('SELECT doc::text AS doc FROM rm_documents WHERE collection = $1 AND id = $2', [name, id]);
        return found[0] ? decode(found[0].doc) : null;
      },
      async find(filter = {}, options = {}) {
        return findDocs(await rows(pool, name, filter), options);
      },
      async count(filter = {}) {
        if (Object.keys(filter).length === 0) {
          const { rows: [row] } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM rm_documents WHERE collection = $1', [name]);
          return Number(row?.n ?? 0);
        }
        return (await rows(pool, name, filter)).length;
      },
      async put(doc) {
        if (typeof doc._id !== 'string') throw new Error('Document _id must be a string');
        await transaction(pool, async (client) => write(client, name, doc._id, structuredClone(doc), await uniqueOf(client, name)));
      },
      async update(id, update, options = {}) {
        return transaction(pool, async (client) => {
          const [prev] = await rows(client, name, { _id: id }, true);
          if (prev && options.where && !compileFilter(options.where)?.(prev)) return false;
          if (!prev && !options.upsert) {
            applyUpdate({ _id: id }, update, false); // still reject a malformed update, as MongoDB does
            return false;
          }
          const next: Doc = prev ?? { _id: id };
          applyUpdate(next, update, !prev);
          await write(client, name, id, next, await uniqueOf(client, name));
          return true;
        });
      },
      async updateMany(filter, update) {
        return transaction(pool, async (client) => {
          const targets = await rows(client, name, filter, true);
          if (targets.length === 0) applyUpdate({ _id: '' }, update, false);
          const unique = await uniqueOf(client, name);
          for (const doc of targets) {
            applyUpdate(doc, update, false);
            await write(client, name, doc._id, doc, unique);
          }
          return targets.length;
        });
      },
      async delete(id) {
        return transaction(pool, async (client) => {
          const { rowCount } = await client.query(`WITH gone AS (DELETE FROM rm_documents WHERE collection = $1 AND id = $2 RETURNING collection, id) ${TOMBSTONES_OF('gone')}`, [name, id]);
          await client.query('DELETE FROM rm_unique_keys WHERE collection = $1 AND id = $2', [name, id]);
          return rowCount === 1;
        });
      },
      async deleteMany(filter = {}) {
        return transaction(pool, async (client) => {
          const ids = (await rows(client, name, filter, true)).map((d) => d._id);
          await client.query(`WITH gone AS (DELETE FROM rm_documents WHERE collection = $1 AND id = ANY($2) RETURNING collection, id) ${TOMBSTONES_OF('gone')}`, [name, ids]);
          await client.query('DELETE FROM rm_unique_keys WHERE collection = $1 AND id = ANY($2)', [name, ids]);
          return ids.length;
        });
      },
      async createIndex(keys, options = {}) {
        await transaction(pool, async (client) => {
          await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rm_index:${name}`]);
          const idx = defineIndex(keys, options, await indexesOf(client, name));
          if (!idx) return;
          await client.query('INSERT INTO rm_indexes (collection, name, keys, is_unique) VALUES ($1, $2, $3, $4)', [name, idx.name, JSON.stringify(idx.keys), idx.unique]);
          // Existing duplicates reject the whole transaction: no half-built index is left behind.
          if (idx.unique) for (const doc of await rows(client, name, {})) await write(client, name, doc._id, doc, [idx]);
        });
      },
    };
  }

  /** Collections seen to have a unique index: their batches take the transaction's way (keys rewritten). */
  const keyedCollections = new Set<string>();

  /**
   * The usual batch (no drop, no new index, no collection with a unique index, the fenced document among
   * its writes) as ONE statement — one round trip instead of five or six on every push's way (ADR 024).
   * The fence is the fenced document's own upsert, conditional on its stored field (checked on the row
   * as locked, so a successor's commit is seen); `rm_refuse` aborts the whole statement when it fails
   * or when a touched collection has a unique index after all. Answers false when the batch needs the
   * transaction's way (nothing written then).
   */
  async function commitInOneStatement(changes: DocChanges, fence?: { collection: string; id: string; field: string; expected: unknown }): Promise<boolean> {
    const fenced = fence ? changes.docs.get(fence.collection)?.get(fence.id) : undefined;
    if (!fence || !fenced || changes.dropped || changes.indexes.size > 0) return false;
    const touched = [...changes.docs.keys()];
    if (touched.some((name) => keyedCollections.has(name))) return false;
    const entries = [...changes.docs].flatMap(([name, docs]) => [...docs].map(([id, doc]) => ({ name, id, doc })))
      .filter((e) => !(e.name === fence.collection && e.id === fence.id));
    const deleted = entries.filter((e) => e.doc === null);
    const written = entries.filter((e): e is { name: string; id: string; doc: Doc } => e.doc !== null);
    const payload = JSON.stringify(fenced);
    try {
      await pool.query({
        name: 'rm-commit-one',
        text: `WITH fence AS (
            INSERT INTO rm_documents (collection, id, doc) VALUES ($1, $2, $4::jsonb)
            ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc, seq = excluded.seq
            WHERE rm_documents.doc -> $3 IS NOT DISTINCT FROM $5::jsonb
            RETURNING 1
          ),
          gone AS (DELETE FROM rm_documents USING unnest($6::text[], $7::text[]) AS t(c, i) WHERE collection = t.c AND id = t.i RETURNING collection, id),
          tombstones AS (${TOMBSTONES_OF('gone')}),
          kept AS (
            INSERT INTO rm_documents (collection, id, doc) SELECT c, i, d::jsonb FROM unnest($8::text[], $9::text[], $10::text[]) AS t(c, i, d)
            ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc, seq = excluded.seq RETURNING 1
          )
          SELECT CASE
            WHEN (SELECT count(*) FROM fence) <> 1 THEN rm_refuse('${REFUSED_FENCED}')
            WHEN EXISTS (SELECT 1 FROM rm_indexes WHERE is_unique AND collection = ANY($11)) THEN rm_refuse('${REFUSED_KEYED}')
            ELSE true END AS ok,
            pg_notify('${COMMITTED_CHANNEL}', $12), set_config('synchronous_commit', 'off', true)`,
        values: [
          fence.collection, fence.id, fence.field, encode(fenced), fence.expected === null || fence.expected === undefined ? null : JSON.stringify(fence.expected),
          deleted.map((e) => e.name), deleted.map((e) => e.id),
          written.map((e) => e.name), written.map((e) => e.id), written.map((e) => encode(e.doc)),
          touched, Buffer.byteLength(payload) < MAX_NOTIFY_PAYLOAD ? payload : '',
        ],
      });
      return true;
    } catch (error) {
      if (!(error instanceof pg.DatabaseError) || error.code !== REFUSED) throw error;
      if (error.message === REFUSED_FENCED) throw new FencedError(`${fence.collection}/${fence.id} is no longer at ${String(fence.expected)}: another writer is active`);
      // A unique index on a touched collection: that collection's batches take the transaction's way from now on.
      const { rows: keyed } = await pool.query<{ collection: string }>('SELECT DISTINCT collection FROM rm_indexes WHERE is_unique AND collection = ANY($1)', [touched]);
      for (const row of keyed) keyedCollections.add(row.collection);
      return false;
    }
  }

  async function snapshot(): Promise<{ images: CollectionImage[]; seq: bigint }> {
    return readOnlySnapshot(pool, async (client) => {
      const seq = await changeNumber(client);
      const { rows: docs } = await client.query<{ collection: string; doc: string }>('SELECT collection, doc::text AS doc FROM rm_documents ORDER BY collection, id COLLATE "C"');
      const images = new Map<string, CollectionImage>();
      const imageOf = (name: string) => {
        let image = images.get(name);
        if (!image) images.set(name, (image = { name, indexes: [], docs: [] }));
        return image;
      };
      for (const row of docs) imageOf(row.collection).docs.push(decode(row.doc));
      for (const [name, specs] of await indexSpecs(client)) imageOf(name).indexes.push(...specs);
      return { images: [...images.values()], seq: seq.at };
    });
  }

  const handles = new Map<string, Collection<Doc>>();
  // One LISTEN connection per process, opened when the first follower asks.
  const commitListeners = new Set<(committed?: string) => void>();
  let listening: Promise<{ close(): Promise<void> }> | null = null;
  return {
    onCommit(listener) {
      commitListeners.add(listener);
      listening ??= listenForCommits(url, COMMITTED_CHANNEL, (committed) => { for (const l of commitListeners) l(committed); });
      listening.catch(() => { listening = null; }); // the followers still poll
      return () => commitListeners.delete(listener);
    },
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let handle = handles.get(name);
      if (!handle) {
        handle = collection(name);
        handles.set(name, handle);
      }
      // The document type is the caller's claim, as with MongoDB's `db.collection<T>()`.
      return handle as unknown as Collection<T>;
    },
    async dropAll() {
      await pool.query(`TRUNCATE rm_documents, rm_indexes, rm_unique_keys; ${DROP_CHANGES}`);
    },
    async images() {
      return (await snapshot()).images;
    },
    snapshot,
    async changesSince(after) {
      return readOnlySnapshot(pool, async (client) => {
        const seq = await changeNumber(client);
        if (seq.horizon > after) return null;
        // Written rows and tombstones together, in the order of their numbers; a tombstone of a document
        // written again since comes before that write (its number is lower).
        const { rows } = await client.query<{ collection: string; id: string; doc: string | null }>(
          `SELECT collection, id, doc::text AS doc, seq FROM rm_documents WHERE seq > $1
           UNION ALL SELECT collection, id, NULL, seq FROM rm_tombstones WHERE seq > $1
           ORDER BY seq`, [after.toString()],
        );
        const docs = new Map<string, Map<string, Doc | null>>();
        for (const row of rows) {
          let changed = docs.get(row.collection);
          if (!changed) docs.set(row.collection, (changed = new Map()));
          changed.delete(row.id); // a later change of the same document goes after the others
          changed.set(row.id, row.doc === null ? null : decode(row.doc));
        }
        return { seq: seq.at, docs, indexes: await indexSpecs(client) };
      });
    },
    async trimTombstones(olderThanMs) {
      const { rows: [row] } = await pool.query<{ n: string }>(
        `WITH trimmed AS (DELETE FROM rm_tombstones WHERE at <= clock_timestamp() - $1 * interval '1 millisecond' RETURNING seq),
         moved AS (UPDATE rm_change_horizon SET seq = greatest(seq, (SELECT max(seq) FROM trimmed)) WHERE EXISTS (SELECT 1 FROM trimmed) RETURNING 1)
         SELECT (SELECT count(*) FROM trimmed) AS n, (SELECT count(*) FROM moved) AS moved`, [olderThanMs],
      );
      return Number(row?.n ?? 0);
    },
    async commitChanges(changes, fence) {
      if (await commitInOneStatement(changes, fence)) return;
      // A fixed number of statements whatever the batch touched (each collection's rows go together): the
      // projector's commit is on the way of every push, so its round trips count.
      await transaction(pool, async (client) => {
        // No wait for the WAL flush: the batch is derived data, written with its checkpoint. A crash of
        // PostgreSQL may lose the last batches, checkpoint included (never one without the other), and
        // the projector applies them again from the log. Saves a disk flush on the way of every push.
        // (`set_config(…, true)` is SET LOCAL; with a fence it rides in the fence's statement: one round trip.)
        if (fence) {
          // The NOTIFY is queued here and delivered only if the transaction commits. It carries the
          // fenced document (the checkpoint) when it fits, so a query-api need not read it back.
          const fenced = changes.docs.get(fence.collection)?.get(fence.id);
          const payload = fenced ? JSON.stringify(fenced) : '';
          const { rows: [row] } = await client.query<{ value: unknown }>(
            // Notified whether or not the fenced row exists yet (a first commit notifies too).
            `WITH fenced AS (SELECT doc -> $3 AS value FROM rm_documents WHERE collection = $1 AND id = $2 FOR UPDATE)
             SELECT (SELECT value FROM fenced) AS value, pg_notify('${COMMITTED_CHANNEL}', $4), set_config('synchronous_commit', 'off', true)`,
            [fence.collection, fence.id, fence.field, Buffer.byteLength(payload) < MAX_NOTIFY_PAYLOAD ? payload : ''],
          );
          if ((row?.value ?? null) !== fence.expected) throw new FencedError(`${fence.collection}/${fence.id} moved on to ${String(row?.value)} (expected ${String(fence.expected)}): another writer is active`);
        } else {
          await client.query(`SELECT pg_notify('${COMMITTED_CHANNEL}', ''), set_config('synchronous_commit', 'off', true)`);
        }
        if (changes.dropped) await client.query(`DELETE FROM rm_documents; DELETE FROM rm_indexes; DELETE FROM rm_unique_keys; ${DROP_CHANGES}`);
        const indexes = [...changes.indexes].flatMap(([name, list]) => list.map((idx) => ({ name, idx })));
        if (indexes.length > 0) {
          await client.query(
            'INSERT INTO rm_indexes (collection, name, keys, is_unique) SELECT * FROM unnest($1::text[], $2::text[], $3::json[], $4::boolean[]) ON CONFLICT DO NOTHING',
            [indexes.map((i) => i.name), indexes.map((i) => i.idx.name), indexes.map((i) => JSON.stringify(i.idx.keys)), indexes.map((i) => i.idx.unique)],
          );
        }
        const entries = [...changes.docs].flatMap(([name, docs]) => [...docs].map(([id, doc]) => ({ name, id, doc })));
        if (entries.length === 0) return;
        const { rows: uniqueRows } = await client.query<{ collection: string; name: string; keys: Sort }>(
          'SELECT collection, name, keys FROM rm_indexes WHERE is_unique AND collection = ANY($1)', [[...changes.docs.keys()]],
        );
        const unique = new Map<string, { name: string; keys: Sort }[]>();
        for (const r of uniqueRows) unique.set(r.collection, [...(unique.get(r.collection) ?? []), r]);
        const pairs = (list: readonly { name: string; id: string }[]) => [list.map((e) => e.name), list.map((e) => e.id)];
        const deleted = entries.filter((e) => e.doc === null);
        if (deleted.length > 0) {
          await client.query(`WITH gone AS (DELETE FROM rm_documents USING unnest($1::text[], $2::text[]) AS t(c, i) WHERE collection = t.c AND id = t.i RETURNING collection, id) ${TOMBSTONES_OF('gone')}`, pairs(deleted));
        }
        // The projector's in-memory store already enforced uniqueness: keys are rewritten, not checked again.
        const keyed = entries.filter((e) => unique.has(e.name));
        if (keyed.length > 0) {
          await client.query('DELETE FROM rm_unique_keys USING unnest($1::text[], $2::text[]) AS t(c, i) WHERE collection = t.c AND id = t.i', pairs(keyed));
          const keyRows = keyed.flatMap((e) => (e.doc === null ? [] : unique.get(e.name)!.flatMap((idx) => indexKeys(e.doc!, idx.keys).map((key) => [e.name, idx.name, key, e.id] as const))));
          if (keyRows.length > 0) {
            await client.query(
              'INSERT INTO rm_unique_keys (collection, index_name, key, id) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])',
              [0, 1, 2, 3].map((column) => keyRows.map((r) => r[column])),
            );
          }
        }
        const written = entries.filter((e): e is { name: string; id: string; doc: Doc } => e.doc !== null);
        if (written.length > 0) {
          await client.query(
            `INSERT INTO rm_documents (collection, id, doc) SELECT c, i, d::jsonb FROM unnest($1::text[], $2::text[], $3::text[]) AS t(c, i, d)
             ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc, seq = excluded.seq`,
            [...pairs(written), written.map((e) => encode(e.doc))],
          );
        }
      });
    },
    async close() {
      commitListeners.clear();
      await (await listening?.catch(() => null))?.close();
      await pool.end();
    },
  };
}

/**
 * The projector's working set: an in-memory store (loaded from PostgreSQL) whose writes are recorded,
 * so that each batch's changed documents go to `commitChanges` together with the checkpoint.
 */
export function trackChanges(memory: MemoryDocStore): { docs: DocStore; take(): DocChanges } {
  let changes: DocChanges = { dropped: false, docs: new Map(), indexes: new Map() };
  const touched = (name: string, ids: Iterable<string>) => {
    let map = changes.docs.get(name);
    if (!map) changes.docs.set(name, (map = new Map()));
    for (const id of ids) map.set(id, null); // resolved to the document (or null) at take()
  };
  const handles = new Map<string, Collection<Doc>>();
  const wrap = (name: string): Collection<Doc> => {
    const col = memory.collection(name);
    return {
      name,
      get: (id) => col.get(id),
      find: (filter, options) => col.find(filter, options),
      count: (filter) => col.count(filter),
      async put(doc) {
        await col.put(doc);
        touched(name, [doc._id]);
      },
      async update(id, update, options) {
        const changed = await col.update(id, update, options);
        if (changed) touched(name, [id]);
        return changed;
      },
      async updateMany(filter, update) {
        const ids = (await col.find(filter)).map((d) => d._id);
        const n = await col.updateMany(filter, update);
        touched(name, ids);
        return n;
      },
      async delete(id) {
        const deleted = await col.delete(id);
        if (deleted) touched(name, [id]);
        return deleted;
      },
      async deleteMany(filter) {
        const ids = (await col.find(filter)).map((d) => d._id);
        const n = await col.deleteMany(filter);
        touched(name, ids);
        return n;
      },
      async createIndex(keys, options) {
        await col.createIndex(keys, options);
        const [image] = memory.capture([name]);
        changes.indexes.set(name, (image?.indexes ?? []).map((i) => ({ ...i, owners: new Map() })));
      },
    };
  };
  return {
    docs: {
      collection<T extends Doc = Doc>(name: string): Collection<T> {
        let handle = handles.get(name);
        if (!handle) handles.set(name, (handle = wrap(name)));
        return handle as unknown as Collection<T>;
      },
      async dropAll() {
        await memory.dropAll();
        changes = { dropped: true, docs: new Map(), indexes: new Map() };
      },
      close: () => memory.close(),
    },
    take() {
      const taken = changes;
      changes = { dropped: false, docs: new Map(), indexes: new Map() };
      // The documents as they are now (stored documents are never changed in place: no copy needed).
      for (const [name, ids] of taken.docs) {
        const image = memory.capture([name])[0];
        const byId = new Map(image?.docs.map((d) => [d._id, d]));
        for (const id of ids.keys()) ids.set(id, byId.get(id) ?? null);
      }
      return taken;
    },
  };
}

/** A read-only REPEATABLE READ transaction: every statement of `fn` sees the same committed state. */
function readOnlySnapshot<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return transaction(pool, fn, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
}

/**
 * The change number the snapshot is at (the highest number of a committed write: a row's, a tombstone's
 * or the horizon, since every write leaves its number in one of them or under a higher one) and the horizon.
 */
async function changeNumber(client: pg.PoolClient): Promise<{ at: bigint; horizon: bigint }> {
  const { rows: [row] } = await client.query<{ at: string; horizon: string }>(
    `SELECT greatest((SELECT max(seq) FROM rm_documents), (SELECT max(seq) FROM rm_tombstones), h.seq)::text AS at, h.seq::text AS horizon
     FROM rm_change_horizon h`,
  );
  return { at: BigInt(row?.at ?? '0'), horizon: BigInt(row?.horizon ?? '0') };
}

async function indexSpecs(db: Queryable): Promise<Map<string, IndexSpec[]>> {
  const { rows } = await db.query<{ collection: string; name: string; keys: Sort; is_unique: boolean }>('SELECT collection, name, keys, is_unique FROM rm_indexes ORDER BY collection, name');
  const specs = new Map<string, IndexSpec[]>();
  for (const r of rows) specs.set(r.collection, [...(specs.get(r.collection) ?? []), { name: r.name, keys: r.keys, unique: r.is_unique }]);
  return specs;
}

/**
 * A warm standby's side of `trackChanges`: brings committed changes (`changesSince`) into its in-memory
 * copy. Documents are put as they are now, in the order of their `_pos` (a collection's `_pos` journal
 * stays on); a collection with a unique index has its changed documents taken out first, so that no key
 * is held twice on the way (the documents as committed hold each once). Answers how many documents changed.
 */
export async function applyCommittedChanges(memory: MemoryDocStore, changes: CommittedChanges): Promise<number> {
  let n = 0;
  for (const [name, docs] of changes.docs) {
    const col = memory.collection(name);
    const keyed = changes.indexes.get(name)?.some((spec) => spec.unique) ?? false;
    for (const [id, doc] of docs) if (keyed || doc === null) await col.delete(id);
    const written = [...docs.values()].filter((doc): doc is Doc => doc !== null);
    const pos = (doc: Doc) => (typeof doc['_pos'] === 'number' ? doc['_pos'] : Number.NEGATIVE_INFINITY);
    for (const doc of written.sort((a, b) => (pos(a) === pos(b) ? 0 : pos(a) < pos(b) ? -1 : 1))) await col.put(doc);
    n += docs.size;
  }
  for (const [name, specs] of changes.indexes) {
    for (const spec of specs) await memory.collection(name).createIndex(spec.keys, { unique: spec.unique, name: spec.name });
  }
  return n;
}

async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}

async function transaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  return withClient(pool, async (client) => {
    await client.query(begin);
    try {
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      if (error instanceof pg.DatabaseError && error.code === UNIQUE_VIOLATION) throw new DuplicateKeyError(error.message);
      throw error;
    }
  });
}

const RANGE_SQL = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

/**
 * Top-level numeric ranges of a filter (`{ position: { $gt: 5, $lte: 9 } }`, the outbox follower's
 * read) as SQL that narrows the rows fetched; the filter itself still decides in Node. Only a
 * superset is kept: a number out of range cannot match, an array may (MongoDB matches any element),
 * any other type cannot match a numeric bound (type bracketing).
 */
function numericRanges(filter: Filter, firstParam: number): { sql: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field.startsWith('$') || field.includes('.') || condition === null || typeof condition !== 'object' || Array.isArray(condition) || condition instanceof Date) continue;
    const bounds = Object.entries(condition as Record<string, unknown>);
    if (bounds.length === 0 || !bounds.every(([op, v]) => Object.hasOwn(RANGE_SQL, op) && typeof v === 'number' && Number.isFinite(v))) continue;
    const key = `$${firstParam + values.length}`;
    values.push(field);
    const tests = bounds.map(([op, v]) => {
      values.push(v);
      return `(doc ->> ${key})::float8 ${RANGE_SQL[op as keyof typeof RANGE_SQL]} $${firstParam + values.length - 1}`;
    });
    parts.push(` AND (jsonb_typeof(doc -> ${key}) = 'array' OR (jsonb_typeof(doc -> ${key}) = 'number' AND ${tests.join(' AND ')}))`);
  }
  return { sql: parts.join(''), values };
}

/** JSON with dates kept (as `{ $date }`, like MongoDB's extended JSON): documents are BSON-like values. */
function encode(doc: Doc): string {
  return JSON.stringify(doc, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.toISOString() } : value;
  });
}

function decode(text: string): Doc {
  return JSON.parse(text, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1 && typeof (value as { $date?: unknown }).$date === 'string'
      ? new Date((value as { $date: string }).$date)
      : value) as Doc;
}
