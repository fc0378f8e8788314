import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app-config';
import { dataSourceOptions } from './src/database/data-source';
import { DatabaseRuntime } from './src/database/database-runtime';
import { schemaEntities } from './src/database/schema-files';

/**
 * The TypeORM CLI's data source (`npm run migration:run`, `npm run migration:generate`): the same
 * options as the app, on DATABASE_URL or, when unset, on the embedded database in DATA_DIR.
 */
async function cliDataSource(): Promise<DataSource> {
  const config = loadConfig();
  const runtime = await DatabaseRuntime.open(config);
  return new DataSource(dataSourceOptions(runtime.url, schemaEntities(), 2));
}

export const dataSource = cliDataSource();
