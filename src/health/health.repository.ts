import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GenerateSql } from '../common/generate-sql';

/** The readiness probe's one statement. */
@Injectable()
export class HealthRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Resolves when the database answers a trivial statement. */
  @GenerateSql()
  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
