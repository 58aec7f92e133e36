import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

const LINE = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/;

/**
 * Reads KEY=value lines of a .env file into process.env, without overriding what the shell already set, so an
 * exported variable always wins over the file. Used by `npm start`, `npm run start:prod` and the setup scripts.
 */
export function loadDotEnv(file = '.env', target: NodeJS.ProcessEnv = process.env): void {
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = LINE.exec(line);
    if (!m || line.trimStart().startsWith('#')) continue;
    const value = m[2].replace(/^(['"])(.*)\1$/, '$2');
    if (target[m[1]] === undefined) target[m[1]] = value;
  }
}

/**
 * Sets KEY=value in a .env file: replaces the first uncommented KEY= line, or appends one; every other line is kept
 * as it was. A new file is created readable by its owner only (it holds secrets).
 */
export function setDotEnvValue(file: string, key: string, value: string): void {
  const existed = existsSync(file);
  const lines = existed ? readFileSync(file, 'utf8').split(/\r?\n/) : [];
  const at = lines.findIndex((l) => !l.trimStart().startsWith('#') && LINE.exec(l)?.[1] === key);
  if (at >= 0) lines[at] = `${key}=${value}`;
  else {
    if (lines.length && lines[lines.length - 1] === '') lines.pop();
    lines.push(`${key}=${value}`, '');
  }
  writeFileSync(file, lines.join('\n'), { mode: 0o600 });
  if (!existed) chmodSync(file, 0o600);
}
