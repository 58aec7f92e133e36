import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Runs a Dockerfile's build without Docker (no engine exists on this project's machines): each stage gets a
 * scratch directory standing for its WORKDIR, COPY copies from the build context (filtered by .dockerignore) or
 * from an earlier stage, RUN runs in bash in that directory with only the stage's ENV, PATH and HOME. What cannot
 * run here is checked instead: `apt-get install` lines verify that the packages they name are installed on this
 * machine (the base image's business; a test must not change the host's packages). USER, HEALTHCHECK and CMD
 * are recorded for the test to check and use.
 */
export interface Stage {
  name: string;
  from: string;
  dir: string;
  env: Record<string, string>;
  user?: string;
  healthcheck?: string[];
  cmd?: string[];
  runs: string[];
}

export interface Instruction {
  keyword: string;
  args: string;
}

export function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    if (!pending && /^\s*(#|$)/.test(raw)) continue;
    const line = raw.replace(/\s+$/, '');
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const full = (pending + line).trim();
    pending = '';
    const m = /^(\w+)\s+(.*)$/.exec(full);
    if (m) out.push({ keyword: m[1].toUpperCase(), args: m[2] });
  }
  return out;
}

/** .dockerignore's rules: `**`, `*`, `?`, later rules win, `!` re-includes; a rule on a folder covers what is in it. */
export function dockerIgnore(patterns: string[]): (rel: string) => boolean {
  const rules = patterns
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith('#'))
    .map((p) => {
      const negate = p.startsWith('!');
      const body = (negate ? p.slice(1) : p).replace(/^\/+|\/+$/g, '');
      const re = body
        .split(/(\*\*\/|\*\*|\*|\?)/)
        .map((part) =>
          part === '**/'
            ? '(?:.*/)?'
            : part === '**'
              ? '.*'
              : part === '*'
                ? '[^/]*'
                : part === '?'
                  ? '[^/]'
                  : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
        )
        .join('');
      return { negate, re: new RegExp(`^${re}(?:/.*)?$`) };
    });
  return (rel) => {
    let ignored = false;
    for (const r of rules) if (r.re.test(rel)) ignored = !r.negate;
    return ignored;
  };
}

/** Splits `--from=x --chown=y a b dest` or the JSON array form. */
function words(args: string): string[] {
  const t = args.trim();
  return t.startsWith('[') ? (JSON.parse(t) as string[]) : t.split(/\s+/);
}

function run(command: string, cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`RUN ${command} (in ${cwd}) exited ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/** `apt-get update && apt-get install -y --no-install-recommends a b && ...` -> [a, b]. */
export function aptPackages(command: string): string[] | undefined {
  if (!/^apt-get\b/.test(command.trim())) return undefined;
  const install = /apt-get install ([^&;|]+)/.exec(command);
  return install ? install[1].split(/\s+/).filter((w) => w && !w.startsWith('-')) : [];
}

export async function buildWithoutDocker(opts: {
  context: string;
  dockerfile: string;
  scratch: string;
  log?: (line: string) => void;
}): Promise<Record<string, Stage>> {
  const ignored = dockerIgnore(readFileSync(path.join(opts.context, '.dockerignore'), 'utf8').split('\n'));
  const stages: Record<string, Stage> = {};
  let stage: Stage | undefined;
  const inStage = (s: Stage, p: string) => path.join(s.dir, p.replace(/^\/app\/?/, ''));
  for (const { keyword, args } of parseDockerfile(readFileSync(path.join(opts.context, opts.dockerfile), 'utf8'))) {
    if (keyword === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)!;
      const name = m[2] ?? `stage${Object.keys(stages).length}`;
      stage = { name, from: m[1], dir: path.join(opts.scratch, name), env: {}, runs: [] };
      mkdirSync(stage.dir, { recursive: true });
      stages[name] = stage;
      continue;
    }
    if (!stage) throw new Error(`${keyword} before FROM`);
    const s = stage;
    switch (keyword) {
      case 'WORKDIR':
        if (args !== '/app') throw new Error(`only WORKDIR /app is modelled, not ${args}`);
        break;
      case 'ENV': {
        for (const m of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) s.env[m[1]] = m[2].replace(/^"|"$/g, '');
        break;
      }
      case 'COPY': {
        const w = words(args);
        const flags = Object.fromEntries(
          w.filter((x) => x.startsWith('--')).map((x) => x.slice(2).split('=') as [string, string]),
        );
        const paths = w.filter((x) => !x.startsWith('--'));
        const dest = paths.pop()!;
        const fromDir = flags.from ? stages[flags.from]?.dir : opts.context;
        if (!fromDir) throw new Error(`COPY --from=${flags.from}: no such stage`);
        for (const src of paths) {
          const source = flags.from ? inStage(stages[flags.from], src) : path.join(opts.context, src);
          const isDir = statSync(source).isDirectory();
          const target =
            dest.endsWith('/') || dest === '.'
              ? path.join(inStage(s, dest), isDir ? '' : path.basename(src))
              : inStage(s, dest);
          mkdirSync(isDir ? target : path.dirname(target), { recursive: true });
          cpSync(source, target, {
            recursive: true,
            verbatimSymlinks: true,
            filter: (p) =>
              flags.from !== undefined ||
              !ignored(path.relative(opts.context, p)) ||
              path.relative(opts.context, p) === '',
          });
        }
        break;
      }
      case 'RUN': {
        const packages = aptPackages(args);
        if (packages) {
          // A package or its versioned form (postgresql-client is postgresql-client-15 on this machine).
          const installed = (p: string) =>
            spawnSync('sh', [
              '-c',
              `dpkg-query -W -f='\${Status}\\n' '${p}' '${p}-*' 2>/dev/null | grep -q 'install ok installed'`,
            ]).status === 0;
          const missing = packages.filter((p) => !installed(p));
          if (missing.length)
            throw new Error(`RUN ${args}: the image gets ${missing.join(', ')} from apt; this machine lacks them`);
          opts.log?.(`[${s.name}] (apt packages present: ${packages.join(', ')})`);
          break;
        }
        opts.log?.(`[${s.name}] RUN ${args}`);
        s.runs.push(args);
        await run(args, s.dir, { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...s.env });
        break;
      }
      case 'USER':
        s.user = args;
        break;
      case 'HEALTHCHECK':
        s.healthcheck = JSON.parse(args.slice(args.indexOf('CMD') + 3).trim());
        break;
      case 'CMD':
        s.cmd = JSON.parse(args);
        break;
      case 'EXPOSE':
        break;
      default:
        throw new Error(`Dockerfile instruction ${keyword} is not modelled`);
    }
  }
  return stages;
}
