/**
 * The server under benchmark as a CHILD process (support/bench-server.ts), for the benches that
 * load it from this process: started with extra environment, ready when it reports its port over
 * IPC, stopped with SIGTERM.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchServerReady } from './bench-server';

export function startServer(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; ready: BenchServerReady }> {
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), {
    // BENCH_CHILD_ARGS: extra Node flags for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CHILD_ARGS ?? '').split(' ').filter(Boolean)],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, ready: message as BenchServerReady }));
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before it was ready`)));
  });
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
