// All runtime settings, read from the environment and validated in one place (decisions.md,
// "Configuration every deployment needs"). A bad value stops the process with a plain message.
import path from 'node:path';
import * as v from 'valibot';
import { offsetClock, systemClock, type Clock } from './clock.ts';

export interface Config {
  port: number;
  host: string;
  /** folder for the SQLite file and imported media */
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise SQLite at <dataDir>/ce-pass.sqlite, or ':memory:' in tests */
  databaseUrl: string | null;
  /** SQLite file path, ':memory:' for tests */
  sqlitePath: string;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  supportEmail: string;
  meetingUrlTemplate: string;
  /** the built client (index.html and assets); absent in API-only tests */
  clientDir: string;
  /** imported into an empty database at start; null disables */
  demoPack: string | null;
  logLevel: string;
  /** scrypt cost exponent: N = 2^passwordHashCost (production 17) */
  passwordHashCost: number;
  /** per instance (security.md): tests and benchmarks raise them here, never by a code path of their own */
  rateLimits: { loginPerIpPer15Min: number; registerPerIpPerHour: number; recoverPerIpPerHour: number; validatePerIpPer10Min: number; formsPerIpPerHour: number; eventsPerIpPer10Min: number; writesPerStudentPerMinute: number };
  trustProxy: string | false;
  clock: Clock;
  /**
   * rehearsals and multi-process tests only: the periodic jobs (seat reminders, retention) pass this often, the
   * first pass this soon after start; absent: their own intervals (a minute, an hour)
   */
  jobsIntervalMs?: number;
}

const root = path.resolve(import.meta.dirname ?? '.', '../..');

const Int = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );
const Url = (name: string) => v.pipe(v.string(), v.url(`${name} must be a URL such as http://localhost:8080`));

const EnvSchema = v.object({
  PORT: v.optional(Int('PORT', 0, 65535), '8080'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '0.0.0.0'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), path.join(root, 'data')),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^(postgres(ql)?:\/\/.+|sqlite:.+|:memory:)$/, 'DATABASE_URL must be postgres://user:pass@host/db, sqlite:<file> or :memory:'))),
  PUBLIC_URL: v.optional(Url('PUBLIC_URL')),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\/.+/, 'SMTP_URL must look like smtp://user:pass@host:587'))),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.email('MAIL_FROM must be an e-mail address')), 'no-reply@cepass.example'),
  SUPPORT_EMAIL: v.optional(v.pipe(v.string(), v.email('SUPPORT_EMAIL must be an e-mail address')), 'support@cepass.example'),
  MEETING_URL_TEMPLATE: v.optional(v.pipe(v.string(), v.includes('{code}', 'MEETING_URL_TEMPLATE must contain {code}')), 'https://zoom.us/j/{code}'),
  CLIENT_DIR: v.optional(v.string(), path.join(root, 'dist', 'client')),
  DEMO_PACK: v.optional(v.string(), path.join(root, 'content', 'demo', 'pack.json')),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'), 'info'),
  PASSWORD_HASH_COST: v.optional(Int('PASSWORD_HASH_COST', 10, 20), '17'),
  RATE_LOGIN_PER_IP: v.optional(Int('RATE_LOGIN_PER_IP', 1, 1_000_000), '30'),
  RATE_REGISTER_PER_IP: v.optional(Int('RATE_REGISTER_PER_IP', 1, 1_000_000), '10'),
  RATE_RECOVER_PER_IP: v.optional(Int('RATE_RECOVER_PER_IP', 1, 1_000_000), '10'),
  RATE_VALIDATE_PER_IP: v.optional(Int('RATE_VALIDATE_PER_IP', 1, 1_000_000), '300'),
  RATE_FORMS_PER_IP: v.optional(Int('RATE_FORMS_PER_IP', 1, 1_000_000), '20'),
  RATE_EVENTS_PER_IP: v.optional(Int('RATE_EVENTS_PER_IP', 1, 1_000_000), '1000'),
  // a student's POSTs per minute: room for an offline outbox replaying a day's plays and views at once
  RATE_WRITES_PER_STUDENT: v.optional(Int('RATE_WRITES_PER_STUDENT', 1, 1_000_000), '120'),
  TRUST_PROXY: v.optional(v.string()),
  CLOCK_OFFSET_FILE: v.optional(v.pipe(v.string(), v.minLength(1))),
  JOBS_INTERVAL_MS: v.optional(Int('JOBS_INTERVAL_MS', 100, 3_600_000)),
});

export class ConfigError extends Error {}

/** Builds the config from environment variables; `overrides` lets tests set fields directly. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([k, val]) => k in EnvSchema.entries && val !== undefined && val !== ''));
  const parsed = v.safeParse(EnvSchema, clean);
  if (!parsed.success) {
    throw new ConfigError(`Configuration error:\n${parsed.issues.map((i) => `- ${i.message} (got "${String(i.input)}")`).join('\n')}`);
  }
  const e = parsed.output;
  const dbUrl = e.DATABASE_URL ?? null;
  const isPg = dbUrl !== null && dbUrl.startsWith('postgres');
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: isPg ? dbUrl : null,
    sqlitePath: dbUrl === ':memory:' ? ':memory:' : dbUrl?.startsWith('sqlite:') ? path.resolve(dbUrl.slice(7)) : path.join(path.resolve(e.DATA_DIR), 'ce-pass.sqlite'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    meetingUrlTemplate: e.MEETING_URL_TEMPLATE,
    clientDir: path.resolve(e.CLIENT_DIR),
    demoPack: e.DEMO_PACK === 'none' ? null : path.resolve(e.DEMO_PACK),
    logLevel: e.LOG_LEVEL,
    passwordHashCost: e.PASSWORD_HASH_COST,
    rateLimits: { loginPerIpPer15Min: e.RATE_LOGIN_PER_IP, registerPerIpPerHour: e.RATE_REGISTER_PER_IP, recoverPerIpPerHour: e.RATE_RECOVER_PER_IP, validatePerIpPer10Min: e.RATE_VALIDATE_PER_IP, formsPerIpPerHour: e.RATE_FORMS_PER_IP, eventsPerIpPer10Min: e.RATE_EVENTS_PER_IP, writesPerStudentPerMinute: e.RATE_WRITES_PER_STUDENT },
    trustProxy: e.TRUST_PROXY ?? false,
    clock: e.CLOCK_OFFSET_FILE ? offsetClock(path.resolve(e.CLOCK_OFFSET_FILE)) : systemClock,
    ...(e.JOBS_INTERVAL_MS === undefined ? {} : { jobsIntervalMs: e.JOBS_INTERVAL_MS }),
    ...overrides,
  };
  return config;
}
