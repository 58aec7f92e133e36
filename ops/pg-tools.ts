import { spawn } from 'node:child_process';

/**
 * Runs a PostgreSQL client program (pg_dump, pg_restore) against DATABASE_URL. The password travels in
 * PGPASSWORD, never in the arguments, where `ps` would show it to every user of the machine.
 */
export function pgConnection(databaseUrl: string): {
  dbname: string;
  env: NodeJS.ProcessEnv;
  database: string;
  host: string;
} {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return {
    dbname: url.toString(),
    env,
    database: decodeURIComponent(url.pathname.slice(1)),
    host: url.hostname || 'localhost',
  };
}

export class PgToolError extends Error {}

/** Runs `program args`, resolves on exit 0; otherwise rejects with its stderr (or what to install when it is missing). */
export function runPgTool(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new PgToolError(
          err.code === 'ENOENT'
            ? `${program} not found: install the PostgreSQL client of your server's version (Debian: apt-get install -y postgresql-client)`
            : err.message,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new PgToolError(`${program} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** A file's size for a message: 840 kB, 12.3 MB. */
export function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
