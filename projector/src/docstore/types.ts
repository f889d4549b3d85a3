/**
 * The read-model document store (DESIGN §4): only what the read models need.
 * Filters and updates are a subset of MongoDB's language, so the MongoDB adapter is a
 * thin pass-through and the embedded adapter evaluates them with `mingo`.
 * Both adapters are checked by the one suite in `contract.ts`.
 */
export interface Doc {
  _id: string;
  [key: string]: unknown;
}

/** Subset of MongoDB's query language the read models use: equality, $eq $ne $gt $gte $lt $lte $in $nin $exists $regex (string, with $options 'i'), $and $or $not, $elemMatch, dotted paths, array membership. */
export type Filter = Record<string, unknown>;

/** Subset of MongoDB's update operators: $set $unset $inc $push (with $each/$slice) $pull $addToSet $setOnInsert $max $min. */
export type Update = Record<string, Record<string, unknown>>;

export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  /** 0 or absent: no limit (as in MongoDB). */
  limit?: number;
}

export interface UpdateOptions {
  upsert?: boolean;
  /**
   * Applies the update only if the stored document also matches this filter (MongoDB:
   * `updateOne({ _id, ...where })`). Read models use it for idempotency in one round trip:
   * `{ where: { _pos: { $lt: position } } }`. Not combined with `upsert`.
   */
  where?: Filter;
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  get(id: string): Promise<T | null>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
  /** Replaces the whole document (insert when missing). */
  put(doc: T): Promise<void>;
  /** Applies update operators to one document; with upsert a missing document is created from `_id` plus the update. Returns whether a document matched or was created. */
  update(id: string, update: Update, options?: UpdateOptions): Promise<boolean>;
  /** Returns the number of documents matched (MongoDB's matchedCount), whether or not they changed. */
  updateMany(filter: Filter, update: Update): Promise<number>;
  delete(id: string): Promise<boolean>;
  deleteMany(filter?: Filter): Promise<number>;
  /** Idempotent. A unique violation rejects with an error whose `code` is 11000 (see `isDuplicateKeyError`); a missing field counts as null. */
  createIndex(keys: Sort, options?: { unique?: boolean; name?: string }): Promise<void>;
}

export interface DocStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** Drops every collection with its indexes (used by projections:rebuild); collection handles stay usable. */
  dropAll(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `listener` whenever any process commits a projector batch to this store (PostgreSQL:
   * LISTEN/NOTIFY), so a follower of the checkpoint need not wait for its next poll. Answers a function
   * that stops listening. Absent: followers poll. `committed`: the batch's checkpoint document as JSON
   * text when the store sends it along (a follower then need not read it back), else undefined.
   */
  onCommit?(listener: (committed?: string) => void): () => void;
}
