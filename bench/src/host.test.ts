import { describe, expect, it } from 'vitest';
import { hostFaultUs, hostVerdict } from './host.ts';

describe('the host report', () => {
  it('times a first touch of fresh memory per 4 KB page, in µs', () => {
    const us = hostFaultUs();
    // A page fault is at least a kernel entry and a zeroed page; even a slow VM answers in well under a millisecond.
    expect(us).toBeGreaterThan(0.01);
    expect(us).toBeLessThan(1_000);
  });

  it('calls a host loaded for its loop or other processes, not for its page faults (they are printed beside the figures)', () => {
    expect(hostVerdict({ othersCores: 0.1, loop: { ms: 2_400, cpuMs: 2_390 } })).toEqual({ loaded: false, reasons: [] });
    expect(hostVerdict({ othersCores: 0.9, loop: { ms: 2_400, cpuMs: 2_390 } }).loaded).toBe(true);
    expect(hostVerdict({ othersCores: 0, loop: { ms: 3_400, cpuMs: 3_390 } }).reasons[0]).toContain('3,400');
  });
});
