import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, createWriteStream, fchmodSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stop(timeoutMs?: number): Promise<number | null>;
}

/**
 * Runs one of our entry points as a child process with its JSON log lines appended to .data/logs/<name>.log.
 * Lines at error level (pino level >= 50) and anything on stderr are also echoed, so failures are visible.
 * The logs hold admins' addresses and e-mails: the directory is 0700 and each file 0600 (also a file an
 * older version created with wider permissions).
 */
export function startProcess(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  echo: (line: string) => void,
  logDir = '.data/logs',
): ManagedProcess {
  const dir = path.resolve(logDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const fd = openSync(path.join(dir, `${name}.log`), 'a', 0o600);
  fchmodSync(fd, 0o600);
  const log = createWriteStream('', { fd });
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (chunk: Buffer, isErr: boolean) => {
    log.write(chunk);
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      if (isErr) echo(`[${name}] ${line}`);
      else if (/"level":(5|6)\d/.test(line)) {
        try {
          echo(`[${name}] ${JSON.parse(line).msg}`);
        } catch {
          echo(`[${name}] ${line}`);
        }
      }
    }
  };
  child.stdout!.on('data', (c: Buffer) => forward(c, false));
  child.stderr!.on('data', (c: Buffer) => forward(c, true));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    name,
    child,
    exited,
    stop: async (timeoutMs = 15000) => {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      log.end();
      return code;
    },
  };
}

export async function waitForHealthy(url: string, timeoutMs: number, alive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error('the API exited during start-up (see .data/logs/api.log)');
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the API did not become healthy within ${timeoutMs / 1000} s`);
}
