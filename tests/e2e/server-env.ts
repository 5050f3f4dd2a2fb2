// The environment of a journey's app server: one place for the config's servers and the journeys that start
// and stop their own (tests/e2e/own-server.ts).
import path from 'node:path';
import { smtpPort } from './ports.ts';

export const root = path.resolve(import.meta.dirname, '../..');
/** the built server the journeys run; SERVER_ENTRY points at another build (scripts/build-server.mjs SERVER_OUTFILE) */
export const serverEntry = process.env.SERVER_ENTRY ?? 'dist/server/main.js';

export const serverEnv = (appPort: number, data: string, extraEnv: Record<string, string> = {}): Record<string, string> => ({
  PORT: String(appPort),
  HOST: '127.0.0.1',
  DATA_DIR: data,
  PUBLIC_URL: `http://localhost:${appPort}`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  LOG_LEVEL: 'warn',
  PASSWORD_HASH_COST: '14',
  // the journeys all come from 127.0.0.1; the limits themselves are tested in the server suite
  RATE_LOGIN_PER_IP: '1000',
  RATE_REGISTER_PER_IP: '1000',
  RATE_RECOVER_PER_IP: '1000',
  RATE_VALIDATE_PER_IP: '100000',
  RATE_FORMS_PER_IP: '1000',
  RATE_EVENTS_PER_IP: '100000',
  RATE_WRITES_PER_STUDENT: '100000',
  ...extraEnv,
});
