import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AdminTokenService } from './access/admin-token.service';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { RoutingExpressAdapter } from './common/http/routing-adapter';
import { logger } from './common/logging/json-logger';
import { AppConfig } from './config/app-config';
import { DatabaseRuntime } from './database/database-runtime';
import { closeSockets, poolSockets } from './database/pool-clients';
import { DemoSeed, DemoSeedService } from './demo/demo-seed.service';

export interface RunningApp {
  app: NestExpressApplication;
  runtime: DatabaseRuntime;
  adminToken: string;
  adminTokenGenerated: boolean;
  demo: DemoSeed | null;
  /** Stops accepting, finishes in-flight requests, closes the pool and then the embedded database (closeApp). */
  close(): Promise<void>;
}

/** How long a pool connection asked to end may take to close before it is destroyed. */
const POOL_SOCKET_GRACE_MS = 2_000;

/**
 * Stops the app (HTTP server, its connections, the pool), then the embedded database; ends once the pool's
 * connections are closed, not only asked to end.
 */
async function closeApp(app: NestExpressApplication, runtime: DatabaseRuntime): Promise<void> {
  const pool = poolSockets(app.get(DataSource));
  try {
    await app.close();
    // Ended by the pool (a Terminate message each), closed once the server has answered.
    await closeSockets(pool, POOL_SOCKET_GRACE_MS);
  } finally {
    await runtime.close();
  }
}

export interface CreateAppOptions {
  /** The embedded in-memory database starts as this copy (`EmbeddedPostgres.image`): the tests' migrated database. */
  embeddedImage?: Blob;
}

/** Opens the database, migrates it, builds the app and seeds the demo. Used by main.ts and the tests. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<RunningApp> {
  logger.setLevel(config.logLevel);
  const runtime = await DatabaseRuntime.open(config, options.embeddedImage);
  try {
    const applied = await runtime.migrate();
    if (applied.length) logger.write('info', 'migrations applied', { migrations: applied });
    const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, runtime), new RoutingExpressAdapter(), {
      logger,
      bodyParser: false,
      abortOnError: false,
    });
    configureApp(app, config);
    await app.init();
    const demo = await app.get(DemoSeedService).seedIfEmpty(runtime.isEmbedded);
    const token = app.get(AdminTokenService);
    let closed: Promise<void> | null = null;
    return {
      app,
      runtime,
      adminToken: token.token,
      adminTokenGenerated: token.generated,
      demo,
      close: () => (closed ??= closeApp(app, runtime)),
    };
  } catch (error) {
    await runtime.close();
    throw error;
  }
}
