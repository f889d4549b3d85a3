/** vitest's JSON report (the parts `npm test` reads and merges; the rest is carried over as it is). */
export interface VitestReport {
  numTotalTestSuites: number;
  numPassedTestSuites: number;
  numFailedTestSuites: number;
  numPendingTestSuites: number;
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  startTime: number;
  success: boolean;
  testResults: unknown[];
  [other: string]: unknown;
}

const COUNTS = [
  'numTotalTestSuites', 'numPassedTestSuites', 'numFailedTestSuites', 'numPendingTestSuites',
  'numTotalTests', 'numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests',
] as const;

/** One report of several vitest runs made side by side: counts summed, files listed together, the earliest start. */
export function mergeReports(reports: VitestReport[]): VitestReport {
  const [first, ...rest] = reports;
  if (!first) throw new Error('no report to merge');
  const merged: VitestReport = { ...first, testResults: [...first.testResults] };
  for (const r of rest) {
    for (const key of COUNTS) merged[key] += r[key];
    merged.startTime = Math.min(merged.startTime, r.startTime);
    merged.success = merged.success && r.success;
    merged.testResults.push(...r.testResults);
  }
  return merged;
}
