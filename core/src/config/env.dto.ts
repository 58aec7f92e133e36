import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { DEFAULT_TIME_ZONE } from './default-time-zone.js';
import { IsListenAddress, IsTrustProxy } from './trust-proxy.js';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes'].includes(String(value).toLowerCase());

/**
 * Every environment variable the API, the worker, the migrations and the scripts read.
 * Validated once at start-up (see load-env.ts); a bad value stops the process with its name.
 */
export class EnvDto {
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// connection URL' })
  DATABASE_URL: string;

  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL: string = 'redis://127.0.0.1:6379';

  @Matches(/^(sk|rk)_(test|live)_\w+$/, {
    message: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)',
  })
  STRIPE_SECRET_KEY: string;

  @Matches(/^pk_(test|live)_\w+$/, {
    message: 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_... or pk_live_...)',
  })
  STRIPE_PUBLISHABLE_KEY: string;

  @Matches(/^whsec_\w+$/, { message: 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)' })
  STRIPE_WEBHOOK_SECRET: string;

  /** Points the Stripe SDK at another host (the local emulator). Unset: Stripe's own API. */
  @IsOptional()
  @Matches(/^https?:\/\/[^/\s]+\/?$/, {
    message: 'STRIPE_API_BASE must be an http(s) origin such as http://127.0.0.1:12111',
  })
  STRIPE_API_BASE?: string;

  /** Where the browser loads Stripe.js from. Unset: https://js.stripe.com/v3 */
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'STRIPE_JS_URL must be an http(s) URL' })
  STRIPE_JS_URL?: string;

  @Matches(/^https?:\/\/[^\s]+$/, {
    message: 'PUBLIC_URL must be the http(s) address people open, e.g. http://localhost:3000',
  })
  PUBLIC_URL: string = 'http://localhost:3000';

  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  @MinLength(3, { message: 'MAIL_FROM must be a sender address, e.g. "School <no-reply@example.org>"' })
  MAIL_FROM: string = 'Hillside Learning Center <no-reply@hillsidelearning.org>';

  @Transform(toInt)
  @IsInt({ message: 'PORT must be a whole number between 0 and 65535' })
  @Min(0, { message: 'PORT must be a whole number between 0 and 65535' })
  @Max(65535, { message: 'PORT must be a whole number between 0 and 65535' })
  PORT: number = 3000;

  /** The address the API listens on: 127.0.0.1 behind a proxy on the same machine, so nothing bypasses the proxy. */
  @IsListenAddress({
    message:
      'HOST must be an IP address to listen on, e.g. 0.0.0.0 (every interface) or 127.0.0.1 (behind a proxy on this machine)',
  })
  HOST: string = '0.0.0.0';

  /** The school's time zone: day boundaries of charts, tax years and date filters. */
  @Matches(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/, { message: 'TIME_ZONE must be an IANA time zone such as America/Chicago' })
  TIME_ZONE: string = DEFAULT_TIME_ZONE;

  /** The IRS "no goods or services" sentence printed on year-end giving statements. */
  @IsString()
  @MinLength(10, { message: 'YEAR_END_STATEMENT_TEXT must be a sentence for the year-end statement' })
  @MaxLength(1000, { message: 'YEAR_END_STATEMENT_TEXT must be at most 1000 characters' })
  YEAR_END_STATEMENT_TEXT: string = 'No goods or services were provided in exchange for these contributions.';

  /**
   * The card fee a donor's "cover the fees" makes up for: a share in basis points (290 = 2.9%) plus fixed cents.
   * Stripe's standard US price by default; a non-profit on Stripe's discounted rate sets 220 and 30.
   */
  @Transform(toInt)
  @IsInt({ message: 'CARD_FEE_BASIS_POINTS must be a whole number of basis points (290 = 2.9%)' })
  @Min(0, { message: 'CARD_FEE_BASIS_POINTS must be between 0 and 1000 (10%)' })
  @Max(1000, { message: 'CARD_FEE_BASIS_POINTS must be between 0 and 1000 (10%)' })
  CARD_FEE_BASIS_POINTS: number = 290;

  @Transform(toInt)
  @IsInt({ message: 'CARD_FEE_FIXED_CENTS must be a whole number of cents (30 = $0.30)' })
  @Min(0, { message: 'CARD_FEE_FIXED_CENTS must be between 0 and 500 cents' })
  @Max(500, { message: 'CARD_FEE_FIXED_CENTS must be between 0 and 500 cents' })
  CARD_FEE_FIXED_CENTS: number = 30;

  /**
   * The US bank account (ACH Direct Debit) fee "cover the fees" makes up for when the donor pays by bank: a share
   * in basis points (80 = 0.8%) capped at some cents. Stripe's standard US price, 0.8% capped at $5, by default.
   */
  @Transform(toInt)
  @IsInt({ message: 'BANK_FEE_BASIS_POINTS must be a whole number of basis points (80 = 0.8%)' })
  @Min(0, { message: 'BANK_FEE_BASIS_POINTS must be between 0 and 1000 (10%)' })
  @Max(1000, { message: 'BANK_FEE_BASIS_POINTS must be between 0 and 1000 (10%)' })
  BANK_FEE_BASIS_POINTS: number = 80;

  @Transform(toInt)
  @IsInt({ message: 'BANK_FEE_CAP_CENTS must be a whole number of cents (500 = $5.00)' })
  @Min(0, { message: 'BANK_FEE_CAP_CENTS must be between 0 and 10000 cents ($100)' })
  @Max(10_000, { message: 'BANK_FEE_CAP_CENTS must be between 0 and 10000 cents ($100)' })
  BANK_FEE_CAP_CENTS: number = 500;

  /** Prefix of every Redis key (queues, throttles): lets several test files or apps share one Redis. */
  @Matches(/^[\w:-]{1,64}$/, { message: 'REDIS_PREFIX must be 1-64 letters, digits, _, - or :' })
  REDIS_PREFIX: string = 'school';

  @Transform(toInt)
  @IsInt({ message: 'SESSION_IDLE_MINUTES must be a whole number of minutes' })
  @Min(1, { message: 'SESSION_IDLE_MINUTES must be at least 1' })
  SESSION_IDLE_MINUTES: number = 30;

  @Transform(toInt)
  @IsInt({ message: 'SESSION_ABSOLUTE_HOURS must be a whole number of hours' })
  @Min(1, { message: 'SESSION_ABSOLUTE_HOURS must be at least 1' })
  SESSION_ABSOLUTE_HOURS: number = 8;

  /**
   * Which X-Forwarded-For entries to believe: false (none), the number of proxies in front of the API, or their
   * addresses/CIDR ranges. `true` is refused (see trust-proxy.ts).
   */
  @IsTrustProxy()
  TRUST_PROXY: string = 'false';

  @IsOptional()
  @Matches(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { message: 'ADMIN_EMAIL must be an e-mail address' })
  ADMIN_EMAIL?: string;

  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'ADMIN_PASSWORD must be at least 8 characters' })
  @MaxLength(256, { message: 'ADMIN_PASSWORD must be at most 256 characters' })
  ADMIN_PASSWORD?: string;

  /**
   * Encrypts the admins' two-factor secrets (AES-256-GCM): 32 random bytes as 64 hex digits or base64
   * (`openssl rand -base64 32`). The API refuses to start without it once any admin has two-factor sign-in.
   */
  @IsOptional()
  @Matches(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=?)$/, {
    message: 'TWO_FACTOR_KEY must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32)',
  })
  TWO_FACTOR_KEY?: string;

  /** `production` in the Docker image: the API and worker then demand SMTP_URL and the API docs need a session. */
  @IsOptional()
  @IsString()
  NODE_ENV?: string;

  /** Demo mode: set by `npm start` when it runs against its own Stripe emulator. */
  @Transform(toBool)
  @IsBoolean({ message: 'DEMO_MODE must be true or false' })
  DEMO_MODE: boolean = false;

  /**
   * Production (NODE_ENV=production) with Stripe test keys, the emulator, its published secrets, demo mode or a
   * plain-http PUBLIC_URL: for a rehearsal and the tests of the production start, never on the live site.
   */
  @Transform(toBool)
  @IsBoolean({ message: 'PRODUCTION_REHEARSAL must be true or false' })
  PRODUCTION_REHEARSAL: boolean = false;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL: string = 'info';

  /** Google Maps (or other) embed URL for the Contact page; unset shows the offline static map. */
  @IsOptional()
  @Matches(/^https:\/\/\S+$/, { message: 'MAP_EMBED_URL must be an https URL' })
  MAP_EMBED_URL?: string;

  /** The largest photo an editor may upload, in megabytes (phones' photos are 2 to 8 MB; HEIC less). */
  @Transform(toInt)
  @IsInt({ message: 'PHOTO_MAX_UPLOAD_MB must be a whole number of megabytes' })
  @Min(1, { message: 'PHOTO_MAX_UPLOAD_MB must be between 1 and 50' })
  @Max(50, { message: 'PHOTO_MAX_UPLOAD_MB must be between 1 and 50' })
  PHOTO_MAX_UPLOAD_MB: number = 15;

  /** Where the built web app lives; the API serves it. */
  @IsString()
  WEB_DIST_DIR: string = 'web/dist';

  /** Worker: how many jobs one worker process projects at once. */
  @Transform(toInt)
  @IsInt({ message: 'WORKER_CONCURRENCY must be a whole number' })
  @Min(1, { message: 'WORKER_CONCURRENCY must be at least 1' })
  WORKER_CONCURRENCY: number = 8;

  /** Worker: inbox rows unprocessed for this long are re-enqueued by the relay. */
  @Transform(toInt)
  @IsInt({ message: 'RELAY_GRACE_SECONDS must be a whole number of seconds' })
  @Min(1, { message: 'RELAY_GRACE_SECONDS must be at least 1' })
  RELAY_GRACE_SECONDS: number = 30;

  /**
   * Worker: days a processed inbox event keeps its payload (which holds donors' names, e-mails and
   * addresses); after that the worker replaces it by a stub of id, type and created.
   */
  @Transform(toInt)
  @IsInt({ message: 'INBOX_RETENTION_DAYS must be a whole number of days from 1 to 3650' })
  @Min(1, { message: 'INBOX_RETENTION_DAYS must be a whole number of days from 1 to 3650' })
  @Max(3650, { message: 'INBOX_RETENTION_DAYS must be a whole number of days from 1 to 3650' })
  INBOX_RETENTION_DAYS: number = 90;

  /** `npm run db:backup`: where the dumps go (created 0700 when missing). */
  @IsString()
  @MinLength(1, { message: 'BACKUP_DIR must be a directory path' })
  BACKUP_DIR: string = 'backups';

  /** `npm run db:backup`: how many of the newest dumps to keep. */
  @Transform(toInt)
  @IsInt({ message: 'BACKUP_KEEP must be a whole number from 1 to 1000' })
  @Min(1, { message: 'BACKUP_KEEP must be a whole number from 1 to 1000' })
  @Max(1000, { message: 'BACKUP_KEEP must be a whole number from 1 to 1000' })
  BACKUP_KEEP: number = 14;
}

export type Env = EnvDto;
