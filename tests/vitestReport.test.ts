import { describe, expect, it } from 'vitest';
import { mergeReports, type VitestReport } from '../scripts/vitestReport.ts';

const report = (over: Partial<VitestReport>): VitestReport => ({
  numTotalTestSuites: 1, numPassedTestSuites: 1, numFailedTestSuites: 0, numPendingTestSuites: 0,
  numTotalTests: 3, numPassedTests: 2, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0,
  startTime: 2_000, success: false, testResults: [{ name: 'a' }], snapshot: {}, ...over,
});

describe("npm test's report of its two vitest runs", () => {
  it('sums the counts, lists both runs\' files, keeps the earliest start, and fails when either failed', () => {
    const merged = mergeReports([report({}), report({ numFailedTests: 0, numPassedTests: 3, startTime: 1_000, success: true, testResults: [{ name: 'b' }] })]);
    expect(merged).toMatchObject({ numTotalTests: 6, numPassedTests: 5, numFailedTests: 1, numTotalTestSuites: 2, startTime: 1_000, success: false });
    expect(merged.testResults).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(mergeReports([report({ success: true, numFailedTests: 0 }), report({ success: true, numFailedTests: 0 })]).success).toBe(true);
  });
});
