/**
 * A fold that keeps the data of the last event of one type on a stream (a phone model's
 * definition, a plan's fee): for reading a stream whose aggregate has no decider of its own.
 */
export const lastData = <T>(type: string) => ({
  initialState: (): T | null => null,
  evolve: (state: T | null, event: { type: string; data: unknown }) => (event.type === type ? (event.data as T) : state),
});
