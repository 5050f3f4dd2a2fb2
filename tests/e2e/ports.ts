// Where the journeys' servers listen: the app, its SMTP server, and the HTTP window on delivered mail.
export const appPort = Number(process.env.E2E_PORT ?? 4321);
export const smtpPort = appPort + 1;
export const mailSinkHttpPort = appPort + 2;
export const mailSinkUrl = `http://127.0.0.1:${mailSinkHttpPort}`;
