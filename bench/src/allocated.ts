/**
 * Bytes this thread's V8 heap allocated between marks, counted rather than timed (ADR 031, s61): the heap's
 * used size at the mark minus at the previous mark, plus what every garbage collection in between freed
 * (`v8.GCProfiler`: each collection's used size before and after). Promotion moves bytes inside the heap and
 * counts nothing. Node 24 has no running total of allocated bytes (`total_allocated_bytes` is not in
 * `v8.getHeapStatistics()`), so the profiler is stopped and started again at each mark. Objects held by the
 * sweeper at a mark (a major collection still sweeping) count as allocated until a later collection frees them:
 * over rounds of a few MB that is noise, and the chat rounds' collections are scavenges.
 */
import v8 from 'node:v8';

export interface AllocationCounter {
  /** Bytes allocated since the previous mark (or since the counter began). */
  mark(): number;
  stop(): void;
}

export function allocationCounter(): AllocationCounter {
  let profiler = new v8.GCProfiler();
  let used = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  const take = () => {
    const collections = profiler.stop()?.statistics ?? [];
    const now = v8.getHeapStatistics().used_heap_size;
    let freed = 0;
    for (const gc of collections) freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
    const allocated = now - used + freed;
    used = now;
    return allocated;
  };
  return {
    mark() {
      const allocated = take();
      profiler = new v8.GCProfiler();
      profiler.start();
      return allocated;
    },
    stop() { take(); },
  };
}
