import { existsSync } from 'node:fs';

/**
 * Which Chromium the browser tests and benchmarks drive, and with which flags. In order: `CHROMIUM_PATH`, the
 * system's Chromium, a Chrome, else the headless Chromium that the npm package `@sparticuz/chromium` ships
 * (unpacked to the temp directory on first use), so `npm install && npm test` needs no browser from elsewhere.
 * `TEST_BROWSER=packaged` forces the packaged one even where a system browser exists (CI proves it works).
 */
export interface ChromiumChoice {
  path: string;
  source: 'CHROMIUM_PATH' | 'system' | 'packaged';
  args: string[];
}

export const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
];

/** Flags for a system Chromium: headless, no sandbox (root in CI), nothing phoning home. */
export const SYSTEM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The package's flags are made for serverless functions. Those that switch off the browser's security (same-origin
 * policy, site isolation, mixed content) would let the CSP and XSS tests pass for the wrong reason, and
 * `--single-process` ends the whole browser when a test closes its first context.
 */
const DROPPED = [
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  '--single-process',
];

/** Set by the test run's global setup, so the workers neither search again nor unpack the package in parallel. */
const RESOLVED_PATH = 'SCHOOL_CHROMIUM_PATH';
const RESOLVED_SOURCE = 'SCHOOL_CHROMIUM_SOURCE';

export function packagedArgs(args: readonly string[]): string[] {
  return args
    .filter((a) => !DROPPED.includes(a))
    .map((a) =>
      a.startsWith('--disable-features=')
        ? a.replace(/(?<=[=,])(IsolateOrigins|site-per-process)(,|$)/g, '').replace(/,$/, '')
        : a,
    )
    .filter((a) => a !== '--disable-features=');
}

async function packaged(): Promise<ChromiumChoice> {
  const { default: chromium } = await import('@sparticuz/chromium');
  return { path: await chromium.executablePath(), source: 'packaged', args: packagedArgs(chromium.args) };
}

export async function chooseChromium(
  env: NodeJS.ProcessEnv = process.env,
  exists: (p: string) => boolean = existsSync,
): Promise<ChromiumChoice> {
  if (env.TEST_BROWSER === 'packaged') return packaged();
  if (env[RESOLVED_PATH] && env[RESOLVED_SOURCE]) {
    const source = env[RESOLVED_SOURCE] as ChromiumChoice['source'];
    if (source === 'packaged') return packaged();
    return { path: env[RESOLVED_PATH]!, source, args: SYSTEM_ARGS };
  }
  if (env.CHROMIUM_PATH) {
    if (!exists(env.CHROMIUM_PATH))
      throw new Error(
        `CHROMIUM_PATH=${env.CHROMIUM_PATH}: no such file (unset it to use the system or the packaged Chromium)`,
      );
    return { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH', args: SYSTEM_ARGS };
  }
  const system = SYSTEM_BROWSERS.find((p) => exists(p));
  if (system) return { path: system, source: 'system', args: SYSTEM_ARGS };
  return packaged();
}

let chosen: Promise<ChromiumChoice> | undefined;

/** The choice for this process, made once. */
export function chromiumChoice(): Promise<ChromiumChoice> {
  chosen ??= chooseChromium();
  return chosen;
}

/**
 * For the global setup: choose (and unpack) once, and hand the choice to the workers through the environment.
 * A choice that fails (CHROMIUM_PATH naming nothing) is left to the browser tests to report, so the other
 * suites still run.
 */
export async function publishChromiumChoice(): Promise<ChromiumChoice | undefined> {
  try {
    const choice = await chooseChromium();
    process.env[RESOLVED_PATH] = choice.path;
    process.env[RESOLVED_SOURCE] = choice.source;
    return choice;
  } catch {
    return undefined;
  }
}
