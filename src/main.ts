// First: tracing, when the OTEL_* variables ask for it, must be started before http, express and pg load.
import { tracing } from './instrumentation';
import 'reflect-metadata';
import { limitHeapGrowth } from './operations/heap-growth';
import { createApp } from './app.factory';
import { warmOpenApiDocument } from './app.setup';
import { logger } from './common/logging/json-logger';
import { ConfigError, loadConfig } from './config/app-config';
import { DataDirectoryLockedError } from './database/embedded-postgres';
import { startupBanner } from './startup-banner';

async function main(): Promise<void> {
  limitHeapGrowth();
  const config = loadConfig();
  const running = await createApp(config);
  // Shutdown is ours, not Nest's: close the app first, then the embedded database under it.
  running.app.getHttpServer().keepAliveTimeout = 5_000;
  await running.app.listen(config.port, config.host);
  const address = running.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = config.publicBaseUrl ?? `http://localhost:${port}`;
  logger.write('info', 'listening', { port, database: running.runtime.isEmbedded ? 'embedded' : 'postgresql' });

  process.stdout.write(startupBanner(config, running, base));
  warmOpenApiDocument(running.app);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.write('info', 'shutting down', { signal });
    const force = setTimeout(() => {
      logger.write('error', 'shutdown timed out; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    running
      .close()
      // The spans of the last requests are exported before the process ends.
      .then(() => tracing?.shutdown())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.write('error', 'shutdown failed', { error: String(error) });
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof DataDirectoryLockedError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    logger.write('error', 'startup failed', { error: error instanceof Error ? error.stack : String(error) });
  }
  process.exit(1);
});
