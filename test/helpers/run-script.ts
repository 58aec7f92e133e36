import { spawn } from 'node:child_process';

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  args?: string[];
  /** Sent SIGTERM once stdout matches (a server that started). */
  stopWhen?: RegExp;
  timeoutMs?: number;
  cwd?: string;
  /** Written to standard input, then closed. */
  input?: string;
}

/**
 * One real Node process of ours (`node <script> ...args`) with exactly the environment given (and PATH), its
 * output collected. Rejects if it has not exited by the deadline (after killing it).
 */
export function runScript(script: string, env: Record<string, string>, opts: RunOptions = {}): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...(opts.args ?? [])], {
      env: { PATH: process.env.PATH ?? '', ...env },
      cwd: opts.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let signalled = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not finish: ${stdout}${stderr}`));
    }, opts.timeoutMs ?? 45000);
    child.stdout.on('data', (c) => {
      stdout += c;
      if (opts.stopWhen && !signalled && opts.stopWhen.test(stdout)) {
        signalled = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (c) => (stderr += c));
    child.stdin.end(opts.input ?? '');
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
