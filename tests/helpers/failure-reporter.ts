import type { Reporter, TestCase } from 'vitest/node';

/**
 * Prints a test's errors the moment it has failed (or passed only on its retry), not at the end
 * of the run as vitest's default reporter does: a browser run takes most of an hour, and a run
 * stopped early (a session's end, CI's time limit) would otherwise show that a test failed but
 * never why. Used beside the default reporter by `npm test`.
 */
export default class FailureReporter implements Reporter {
  onTestCaseResult(testCase: TestCase) {
    const result = testCase.result();
    const flaky = result.state === 'passed' && testCase.diagnostic()?.flaky === true;
    if (result.state !== 'failed' && !flaky) return;
    const errors = result.errors ?? [];
    const lines = [
      `\n${flaky ? 'PASSED ON RETRY' : 'FAILED'}: ${testCase.module.moduleId} > ${testCase.fullName}`,
      ...errors.map((e, i) => `  [${i + 1}/${errors.length}] ${e.stack ?? e.message}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
