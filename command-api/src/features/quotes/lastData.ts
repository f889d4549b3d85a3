/** A stream folded to the data of its last event of one type (a model's definition, a plan, a seller's profile). */
export const lastData = <T>(type: string) => ({
  initialState: (): T | null => null,
  evolve: (state: T | null, event: { type: string; data: unknown }) => (event.type === type ? (event.data as T) : state),
});
