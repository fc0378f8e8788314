import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source';
import { DATABASE_RUNTIME, DatabaseRuntime } from './database-runtime';
import { schemaEntities } from './schema-files';
import { UnitOfWork } from './unit-of-work';

/** The TypeORM connection to the runtime's database (every entity of the app, found by file name), and the unit of work every write uses. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(runtime: DatabaseRuntime): DynamicModule {
    const entities = schemaEntities();
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => dataSourceOptions(runtime.url, entities, config.dbPoolSize, !runtime.isEmbedded),
        }),
      ],
      providers: [UnitOfWork, { provide: DATABASE_RUNTIME, useValue: runtime }],
      exports: [UnitOfWork, DATABASE_RUNTIME],
    };
  }
}
