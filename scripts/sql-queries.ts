import 'reflect-metadata';
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory';
import { applicationContext } from '../src/common/auth/request-context';
import { loadConfig } from '../src/config/app-config';
import { type SqlSample, sqlSamplesOf } from '../src/common/generate-sql';
import { transactionManager } from '../src/database/pool-reads';
import { Tx } from '../src/database/unit-of-work';
import { UnitOfWork } from '../src/database/unit-of-work';
import { OrganizationsService } from '../src/organizations/organizations.service';
import { UsersService } from '../src/organizations/users.service';
import { TeamsService } from '../src/teams/teams.service';

/**
 * `npm run sql [dir]`: the statements of every repository method marked `@GenerateSql` (src/database/generate-sql.ts),
 * written to `sql/<repository>.sql` (or `dir`), as immich's `sync:sql` writes its `queries/`. It starts the app on an
 * in-memory embedded database, makes one organization, calls each method with its sample arguments (inside a
 * transaction rolled back afterwards when the sample uses one) and records the statements the call sends to
 * PostgreSQL. CI writes them again and fails on any difference: a change of SQL shows in a pull request's diff.
 */

const capture = new AsyncLocalStorage<string[]>();
const sendQuery = Client.prototype.query;
// Every statement reaches PostgreSQL through pg's Client (TypeORM's runners and the direct managers alike).
Client.prototype.query = function (this: Client, config: unknown, ...rest: unknown[]) {
  capture.getStore()?.push(typeof config === 'string' ? config : String((config as { text?: string }).text ?? ''));
  return (sendQuery as (...args: unknown[]) => unknown).apply(this, [config, ...rest]);
} as typeof sendQuery;

class Rollback extends Error {}
class NeedsTransaction extends Error {}

const HEADER = '-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.';

/** A statement as the file shows it: its lines without their common indentation and trailing spaces. */
function shown(sql: string): string {
  const lines = sql.replace(/\s+$/g, '').split('\n');
  while (lines.length && !lines[0].trim()) lines.shift();
  const indents = lines
    .slice(1)
    .filter((line) => line.trim())
    .map((line) => /^ */.exec(line)![0].length);
  const common = Math.min(...indents, Infinity);
  return lines.map((line, i) => (i === 0 ? line.trim() : line.slice(Number.isFinite(common) ? common : 0).trimEnd())).join('\n');
}

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** The method names of an instance's class and its parents (constructor and getters aside). */
function methodsOf(instance: object): string[] {
  const names = new Set<string>();
  for (
    let proto = Object.getPrototypeOf(instance) as object | null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
      if (name !== 'constructor' && typeof descriptor.value === 'function') names.add(name);
    }
  }
  return [...names].sort();
}

async function main(): Promise<void> {
  const target = process.argv[2] ?? join(__dirname, '..', '..', 'sql');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: '',
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ADMIN_TOKEN: 'sql-samples-admin-token-0123456789',
    INTEGRATION_PULL_TICK_MS: '3600000',
  });
  const running = await createApp(config);
  try {
    const app = running.app;
    const dataSource = app.get(DataSource);
    const organization = await app
      .get(UnitOfWork)
      .runUnscoped((em) =>
        app.get(OrganizationsService).create({ name: 'SQL samples', reportingCurrency: 'USD', functionalGroupsEnabled: true }, em),
      );
    const planId = (await dataSource.query(`SELECT id FROM plans WHERE organization_id = $1`, [organization.id]))[0].id as string;
    const ctx = applicationContext(organization.id, planId);
    const user = await app.get(UsersService).create(
      { organizationId: organization.id },
      {
        email: 'sql.samples@example.com',
        name: 'SQL samples',
        permissions: ['*'],
        active: true,
      },
    );
    const base = {
      organizationId: organization.id,
      planId,
      plan: { organizationId: organization.id, planId },
      userId: user.id,
      id: 'csqlsample000000000000001',
      uuid: '00000000-0000-4000-a000-000000000000',
      day: '2026-01-15',
      now: new Date('2026-01-15T09:30:00.000Z'),
      get: <T>(type: Type<T>): T => app.get(type, { strict: false }),
    };
    const outside = {
      ...base,
      get tx(): Tx {
        throw new NeedsTransaction();
      },
      get em(): never {
        throw new NeedsTransaction();
      },
    } as SqlSample;

    /** The statements of one sample call, and whether it ended with an error. */
    const run = async (
      instance: object,
      method: string,
      params: (s: SqlSample, self: unknown) => unknown[],
    ): Promise<{ sql: string[]; error?: string }> => {
      const sql: string[] = [];
      const call = (args: unknown[]) => capture.run(sql, () => (instance as Record<string, (...a: unknown[]) => unknown>)[method](...args));
      try {
        let args: unknown[] | null = null;
        try {
          args = params(outside, instance);
        } catch (error) {
          if (!(error instanceof NeedsTransaction)) throw error;
        }
        if (args) await call(args);
        else
          await dataSource.transaction(async (em) => {
            const tx = new Tx(transactionManager(em), ctx, true);
            await call(params({ ...base, tx, em: tx.em }, instance));
            throw new Rollback();
          });
        return { sql };
      } catch (error) {
        if (error instanceof Rollback) return { sql };
        process.stderr.write(`  ${(error as Error).message.split('\n')[0]}\n`);
        return { sql, error: (error as Error).constructor.name };
      }
    };

    const instances: [string, object][] = app
      .get(DiscoveryService)
      .getProviders()
      .filter((w) => w.instance && typeof w.metatype === 'function' && w.metatype.name === w.instance.constructor.name)
      .map((w) => [w.metatype!.name, w.instance as object]);
    // The rows of a CrudService are no provider: the teams' stand for every resource's.
    instances.push(['RecordRows', app.get(TeamsService).rows]);
    const files = new Map<string, string[]>();
    let calls = 0;
    for (const [name, instance] of instances.sort((a, b) => a[0].localeCompare(b[0]))) {
      const entries: string[] = [];
      for (const method of methodsOf(instance)) {
        const samples = sqlSamplesOf((instance as Record<string, unknown>)[method]);
        if (!samples) continue;
        for (const sample of samples) {
          const { sql, error } = await run(instance, method, sample.params);
          calls++;
          const title = `-- ${name}.${method}${sample.name ? ` (${sample.name})` : ''}`;
          const body = sql.map((statement) => `${shown(statement)};`).join('\n\n') || '-- (no statement)';
          entries.push(`${title}${error ? `\n-- (the sample ends with ${error})` : ''}\n${body}`);
          if (error) process.stderr.write(`${name}.${method}: the sample ends with ${error}\n`);
        }
      }
      if (!entries.length) continue;
      files.set(`${kebab(name)}.sql`, entries);
    }
    mkdirSync(target, { recursive: true });
    for (const old of readdirSync(target).filter((file) => file.endsWith('.sql'))) rmSync(join(target, old));
    for (const [file, entries] of files) writeFileSync(join(target, file), `${HEADER}\n\n${entries.join('\n\n')}\n`);
    process.stdout.write(`Wrote ${files.size} files of ${calls} sample calls to ${target}\n`);
  } finally {
    await running.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
