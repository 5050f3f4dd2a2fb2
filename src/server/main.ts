// The server process: read the config, build the app, listen, and shut down gracefully.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}

const { app } = await buildApp(config);
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // stops accepting, lets in-flight requests finish (new ones get 503), stops the timers, closes the database.
    // A keep-alive connection busy when closing began turns idle only after its answer: it is closed then (not
    // left to its 72 s keep-alive); a request still running after 10 s is cut off rather than hang the stop.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => app.server.closeAllConnections(), 10_000);
    await app.close();
    clearInterval(idle);
    clearTimeout(deadline);
    process.exit(0);
  });
}
try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}
