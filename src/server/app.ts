// Builds the Fastify app from a config: database, content, plugins and routes, in order.
// main.ts is only the process around it; tests build it with an in-memory database and call inject().
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { redactPath } from '#shared/domain/redact';
import type { Config } from './config.ts';
import { importPack, reanchorDemoWebinars } from './content/importer.ts';
import { loadPack } from './content/load-pack.ts';
import { openDatabase, type Database } from './db/database.ts';
import { startMailer, type Mailer } from './mail/mailer.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { catalogRepository } from './modules/catalog/catalog.repository.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { startRetention, type RetentionRunner } from './modules/system/retention.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { HttpError, registerContract } from './plugins/contract.ts';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/errors.ts';
import { applySecurityHeaders, registerSecurityHeaders } from './plugins/security-headers.ts';
import { studentWriteLimit } from './plugins/write-limit.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerSession } from './plugins/session.ts';
import { courseGate } from './modules/learning/course-gate.service.ts';
import { examRoutes } from './modules/learning/exam.routes.ts';
import { learningFlowRoutes } from './modules/learning/flow.routes.ts';
import { certificateRoutes } from './modules/certificates/certificates.routes.ts';
import { licenseRoutes } from './modules/license/license.routes.ts';
import { startLicenseReminders, type LicenseReminderRunner } from './modules/license/reminders.ts';
import { myCeRoutes } from './modules/my-ce/my-ce.routes.ts';
import { podcastRoutes } from './modules/podcasts/podcasts.routes.ts';
import { startReminders } from './modules/seats/reminders.ts';
import { seatRoutes } from './modules/seats/seats.routes.ts';
import { sponsorRoutes } from './modules/sponsors/sponsors.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerMedia } from './plugins/media.ts';
import { registerUploads } from './plugins/upload.ts';
import { registerStaticFiles } from './plugins/static-files.ts';
import { storageOf } from './storage/storage.ts';

const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string; build: number };

// docs/decisions/0004 and 0025: what every visitor sees alike, kept a few seconds, and under a student's own marks
// what every student sees (a classroom and an episode: VISITOR_PAGES below); a visitor's first screen is rendered with
// these answers in it (0028)
const SHARED_READS = ['home', 'search', 'search-items', 'upcoming', 'ondemand', 'podcasts', 'tutorials', 'books', 'podcast-show', 'blurb'];
/**
 * A classroom and an episode page as a visitor sees them, kept 1 s for every visitor (decision 0032): a link shared
 * in a mailing brings a crowd to one page. They carry the server's time (a countdown), the exam's availability and
 * the seats left, so they are kept only a second; a student's classroom is the kept one with their own row, the seats
 * left, the meeting code and the time of now put on (0035), a student's episode the kept one with their own rows, and a
 * failure (no such class) is never kept. A visitor's page is rendered with it (0033).
 */
const VISITOR_PAGES = ['class', 'podcast'];

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  mailer: Mailer;
  retention: RetentionRunner;
  licenseReminders: LicenseReminderRunner;
}

/** Seeds an empty database with the demo pack, and keeps demo webinar dates fresh (decisions.md). */
async function prepareContent(database: Database, config: Config, log: FastifyInstance['log']): Promise<void> {
  const { db } = database;
  const hasContent = await db.selectFrom('classes').select('id').limit(1).executeTakeFirst();
  if (!hasContent && config.demoPack) {
    const started = Date.now();
    const report = await importPack(db, await loadPack(config.demoPack), { now: config.clock.now(), storage: storageOf(config), passwordHashCost: config.passwordHashCost });
    log.info({ added: report.added, ms: Date.now() - started }, 'demo content imported');
  }
  const moved = await reanchorDemoWebinars(db, config.clock.now());
  if (moved) log.info({ webinars: moved }, 'demo webinar dates re-anchored');
}

export async function buildApp(config: Config): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      // reset tokens, login links and cancel codes travel in URLs; the log keeps only their shape
      serializers: { req: (req) => ({ method: req.method, url: redactPath(req.url), remoteAddress: req.ip }) },
    },
    bodyLimit: 64 * 1024,
    requestTimeout: 30_000,
    trustProxy: config.trustProxy,
    // no stack traces or internals in any answer: the error handler owns every failure body
    return503OnClosing: true,
    // a URL the router cannot decode gets our body and our security headers, not Fastify's echo of it
    frameworkErrors: frameworkErrorHandler((req, reply) => applySecurityHeaders(req, reply, { https: config.publicUrl.startsWith('https:') })),
  });
  const database = await openDatabase(config);
  const mailer = startMailer(database.db, { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, clock: config.clock, log: app.log });
  // seat reminders 24 h and 1 h before each webinar; the claim on each seat keeps two processes from both sending
  const jobs = config.jobsIntervalMs === undefined ? {} : { intervalMs: config.jobsIntervalMs, firstDelayMs: config.jobsIntervalMs };
  const reminders = startReminders(database.db, { clock: config.clock, mailer, publicUrl: config.publicUrl, log: app.log, ...jobs });
  // expired sessions, spent links and old login attempts go; every process may run it (retention.ts)
  const retention = startRetention(database.db, { clock: config.clock, log: app.log, ...jobs });
  // 90, 30 and 7 days before each license's renewal date while unmet; the unique (license, cycle, window) row keeps two processes from both sending
  const licenseReminders = startLicenseReminders({ db: database.db, clock: config.clock, publicUrl: config.publicUrl, storage: storageOf(config), mailer, log: app.log, ...jobs });
  app.addHook('onClose', async () => {
    await licenseReminders.close();
    await retention.close();
    await reminders.close();
    await mailer.close();
    await database.close();
  });
  try {
    await prepareContent(database, config, app.log);
  } catch (err) {
    await app.close();
    throw err;
  }

  registerErrorHandler(app);
  registerSession(app, database.db, { publicUrl: config.publicUrl, clock: config.clock });
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });

  // per-IP limits live in this process (security.md: limits are per instance); the per-account ones are
  // counted in the database so every process sees them
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => new HttpError(429, 'Too many requests. Wait a while and try again.', { headers: { 'retry-after': String(Math.ceil(ctx.ttl / 1000)) } }),
  });
  // the multipart parser for the contract's upload endpoints (a reported course's proof)
  await registerUploads(app);
  // before the contract's routes, which name it
  await registerCompression(app);
  const limits = config.rateLimits;
  const hour = 3600_000;
  const accountDeps = { db: database.db, clock: config.clock, publicUrl: config.publicUrl, passwordHashCost: config.passwordHashCost, loginPerIpPer15Min: limits.loginPerIpPer15Min, mailer };
  // the one judge of every step of a course (decisions.md): the modules that take those steps share it
  const gate = courseGate(config.clock);
  registerContract(
    app,
    [
      ...systemRoutes(database.db, { clock: config.clock, dialect: database.dialect, version: pkg.version, build: pkg.build, supportEmail: config.supportEmail }),
      ...catalogRoutes(catalogRepository(database.db), { clock: config.clock }),
      ...authRoutes(accountDeps),
      ...accountRoutes(accountDeps),
      ...sponsorRoutes(database.db, { clock: config.clock }),
      ...myCeRoutes(database.db, { clock: config.clock, gate }),
      ...podcastRoutes(database.db, { clock: config.clock, gate }),
      ...certificateRoutes({ db: database.db, clock: config.clock, publicUrl: config.publicUrl, mailer }),
      ...learningFlowRoutes(database.db, { clock: config.clock, gate }),
      ...examRoutes(database.db, { clock: config.clock, gate }),
      ...seatRoutes({ db: database.db, clock: config.clock, publicUrl: config.publicUrl, meetingUrlTemplate: config.meetingUrlTemplate, mailer, gate }),
      ...supportRoutes(database.db, { clock: config.clock, supportEmail: config.supportEmail, mailer }),
      ...licenseRoutes({ db: database.db, clock: config.clock, publicUrl: config.publicUrl, storage: storageOf(config) }),
    ],
    {
      publicUrl: config.publicUrl,
      now: config.clock.now,
      writeLimit: studentWriteLimit(database.db, limits.writesPerStudentPerMinute, config.clock.now),
      idempotency: registerIdempotency(app, database.db, { clock: config.clock, publicUrl: config.publicUrl }),
      sharedCacheMs: { ...Object.fromEntries(SHARED_READS.map((p) => [`GET ${p}`, 5000])), ...Object.fromEntries(VISITOR_PAGES.map((p) => [`GET ${p}`, 1000])) },
      rateLimits: {
        'POST register': { max: limits.registerPerIpPerHour, timeWindow: hour },
        'POST recover': { max: limits.recoverPerIpPerHour, timeWindow: hour },
        'POST reset-password': { max: limits.recoverPerIpPerHour, timeWindow: hour },
        'POST login-link': { max: limits.loginPerIpPer15Min, timeWindow: 15 * 60_000 },
        'GET validate-username': { max: limits.validatePerIpPer10Min, timeWindow: 10 * 60_000 },
        'GET validate-email': { max: limits.validatePerIpPer10Min, timeWindow: 10 * 60_000 },
        'GET validate-agd-number': { max: limits.validatePerIpPer10Min, timeWindow: 10 * 60_000 },
        'GET verify': { max: limits.validatePerIpPer10Min, timeWindow: 10 * 60_000 },
        'POST support': { max: limits.formsPerIpPerHour, timeWindow: hour },
        'POST mobilead-submit': { max: limits.formsPerIpPerHour, timeWindow: hour },
        'POST ad-event': { max: limits.eventsPerIpPer10Min, timeWindow: 10 * 60_000 },
        'POST featuredcontent-click': { max: limits.eventsPerIpPer10Min, timeWindow: 10 * 60_000 },
        'POST page-view': { max: limits.eventsPerIpPer10Min, timeWindow: 10 * 60_000 },
      },
    },
  );
  registerMedia(app, database.db, storageOf(config));
  await registerStaticFiles(app, { clientDir: config.clientDir, sharedReads: [...SHARED_READS, ...VISITOR_PAGES] });
  return { app, database, mailer, retention, licenseReminders };
}
