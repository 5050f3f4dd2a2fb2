// Where the journeys' servers listen: the app, its SMTP server, and the HTTP window on delivered mail.
export const appPort = Number(process.env.E2E_PORT ?? 4321);
export const smtpPort = appPort + 1;
export const mailSinkHttpPort = appPort + 2;
export const mailSinkUrl = `http://127.0.0.1:${mailSinkHttpPort}`;
/** a second app whose clock a journey moves (CLOCK_OFFSET_FILE), so the others keep real time */
export const clockAppPort = appPort + 3;
export const clockAppUrl = `http://localhost:${clockAppPort}`;
