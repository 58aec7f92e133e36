import { existsSync } from 'node:fs';
import { chooseChromium, packagedArgs, SYSTEM_ARGS } from '../helpers/chromium-executable.js';

// Which browser the browser suites drive. The packaged binary itself is launched by CI (`TEST_BROWSER=packaged`
// over a whole e2e suite, .ci/run) and by the last case here.
describe('choosing the Chromium of the browser tests', () => {
  const none = () => false;

  it('takes CHROMIUM_PATH first, and says so when it names nothing', async () => {
    await expect(
      chooseChromium({ CHROMIUM_PATH: '/opt/mine/chrome' }, (p) => p === '/opt/mine/chrome'),
    ).resolves.toEqual({ path: '/opt/mine/chrome', source: 'CHROMIUM_PATH', args: SYSTEM_ARGS });
    await expect(chooseChromium({ CHROMIUM_PATH: '/nowhere/chrome' }, none)).rejects.toThrow(
      'CHROMIUM_PATH=/nowhere/chrome: no such file',
    );
  });

  it('then the system Chromium, then a Chrome', async () => {
    expect((await chooseChromium({}, (p) => p === '/usr/bin/chromium' || p === '/usr/bin/google-chrome')).path).toBe(
      '/usr/bin/chromium',
    );
    expect(await chooseChromium({}, (p) => p === '/usr/bin/google-chrome')).toMatchObject({
      path: '/usr/bin/google-chrome',
      source: 'system',
    });
  });

  it('drops the packaged flags that switch browser security off or run it in one process, keeps the rest', () => {
    const args = packagedArgs([
      '--single-process',
      '--disable-features=AudioServiceOutOfProcess,IsolateOrigins,site-per-process',
      '--disable-web-security',
      '--allow-running-insecure-content',
      '--disable-site-isolation-trials',
      "--headless='shell'",
      '--no-sandbox',
    ]);
    expect(args).toEqual(['--disable-features=AudioServiceOutOfProcess', "--headless='shell'", '--no-sandbox']);
  });

  it('with no browser on the machine, unpacks the one @sparticuz/chromium ships', async () => {
    const choice = await chooseChromium({}, none);
    expect(choice.source).toBe('packaged');
    expect(existsSync(choice.path)).toBe(true);
    expect(choice.args).not.toContain('--disable-web-security');
    expect(choice.args).toContain('--no-sandbox');
    expect(choice.args).not.toContain('--single-process');
  }, 60_000);
});
