import { Writable } from 'node:stream';
import { QueryFailedError } from 'typeorm';
import { createLogger } from './logger.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('info', 'spec', stream) };
}

describe('createLogger', () => {
  it('logs a failed write without the values it was writing', () => {
    const { lines, logger } = capture();
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "donors_pkey"'), {
      code: '23505',
      detail: 'Key (email)=(ann@example.org) already exists.',
    });
    const err = new QueryFailedError(
      'INSERT INTO donors (name, email) VALUES ($1, $2)',
      ['Ann Donor', 'ann@example.org'],
      driverError,
    );
    logger.error({ err, path: '/api/admin/donors' }, 'unexpected error');
    const line = JSON.parse(lines.join(''));
    expect(line.err).toEqual({
      type: 'QueryFailedError',
      code: '23505',
      message: 'duplicate key value violates unique constraint "donors_pkey"',
      stack: expect.any(String),
    });
    expect(lines.join('')).not.toMatch(/ann@example\.org|Ann Donor/);
    expect(line.path).toBe('/api/admin/donors');
  });

  it('takes e-mail addresses out of an error message, and leaves values that are not errors alone', () => {
    const { lines, logger } = capture();
    logger.warn({ err: new Error('550 <bo@example.org>: mailbox unavailable') }, 'send failed');
    logger.warn({ err: 'plain text' }, 'odd');
    expect(JSON.parse(lines[0]).err.message).toBe('550 <[address]>: mailbox unavailable');
    expect(JSON.parse(lines[1]).err).toBe('plain text');
  });
});
