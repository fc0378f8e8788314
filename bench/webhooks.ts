/**
 * Webhook delivery: a fresh PostgreSQL database, the app in this process (its
 * dispatcher delivers; changes are committed through its UnitOfWork, as record modules do), and a
 * receiver in a child process on 127.0.0.1 that answers 200 at once and notes when each event arrived.
 *
 * 1. backlog: BENCH_WH_CHANGES (default 10,000) live changes committed in one statement, then the
 *    dispatcher drains them: deliveries/s from that commit to the last receipt.
 * 2. steady: the same number of changes at BENCH_WH_RATE (default 100) changes/s, one change per
 *    transaction: commit-to-receipt latency p50, p99 and max, and deliveries/s.
 *
 * Every event must arrive exactly once (checked). Commit and receipt times share the machine clock.
 */
import { ChildProcess, fork } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, RunningApp } from '../src/app.factory';
import type { RequestContext } from '../src/common/auth/request-context';
import { loadConfig } from '../src/config/app-config';
import { UnitOfWork } from '../src/database/unit-of-work';
import { OrganizationsService } from '../src/organizations/organizations.service';
import { UsersService } from '../src/organizations/users.service';
import { WebhookDispatcher } from '../src/webhooks/webhook-dispatcher';
import { WebhookEndpointsService } from '../src/webhooks/webhook-endpoints.service';
import { createDatabase, machine, onCleanup, printTable, round, runBenchmark } from './harness';

const CHANGES = Number(process.env.BENCH_WH_CHANGES ?? 10_000);
const RATE = Number(process.env.BENCH_WH_RATE ?? 100);

/** The receiver child: counts by phase, remembers when each `after.bench` index arrived. */
const RECEIVER_SOURCE = `
const http = require('node:http');
const seen = {};
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const phase = event.after.phase;
    (seen[phase] ??= { times: [], ids: new Set(), duplicates: 0 });
    const s = seen[phase];
    if (s.ids.has(event.id)) s.duplicates++;
    s.ids.add(event.id);
    s.times.push([event.after.bench, at]);
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('ok');
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (m) => {
  const s = seen[m.phase] ?? { times: [], ids: new Set(), duplicates: 0 };
  if (m.cmd === 'count') process.send({ count: s.times.length });
  if (m.cmd === 'report') process.send({ times: s.times, unique: s.ids.size, duplicates: s.duplicates });
});
`;

interface Receiver {
  child: ChildProcess;
  port: number;
  ask<T>(message: { cmd: 'count' | 'report'; phase: string }): Promise<T>;
}

async function startReceiver(): Promise<Receiver> {
  const file = join(tmpdir(), `wfp-bench-receiver-${process.pid}.js`);
  writeFileSync(file, RECEIVER_SOURCE);
  onCleanup(() => rmSync(file, { force: true }));
  const child = fork(file, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  onCleanup(() => void child.kill());
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  const ask = <T>(message: { cmd: 'count' | 'report'; phase: string }) =>
    new Promise<T>((resolve) => {
      child.once('message', (m) => resolve(m as T));
      child.send(message);
    });
  return { child, port, ask };
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function waitForAll(receiver: Receiver, phase: string, expected: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { count } = await receiver.ask<{ count: number }>({ cmd: 'count', phase });
    if (count >= expected) return;
    if (Date.now() > deadline) throw new Error(`${phase}: ${count} of ${expected} events arrived in time`);
    await sleep(20);
  }
}

async function report(receiver: Receiver, phase: string, expected: number): Promise<[number, number][]> {
  const { times, unique, duplicates } = await receiver.ask<{ times: [number, number][]; unique: number; duplicates: number }>({
    cmd: 'report',
    phase,
  });
  if (times.length !== expected || unique !== expected || duplicates !== 0) {
    throw new Error(
      `${phase}: ${times.length} deliveries, ${unique} distinct events, ${duplicates} duplicates; expected ${expected} exactly once`,
    );
  }
  return times;
}

export async function webhooksBenchmark(): Promise<void> {
  await runBenchmark(async () => {
    const db = await createDatabase('wfp_bench_webhooks');
    const receiver = await startReceiver();
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_TOKEN: 'bench-admin-token-0123456789abcdef',
    });
    const app: RunningApp = await createApp(config);
    onCleanup(() => app.close());

    const org = await app.app.get(OrganizationsService).create({ name: 'Webhook bench' });
    const user = await app.app
      .get(UsersService)
      .create({ organizationId: org.id }, { email: 'bench@example.com', name: 'Bench', permissions: ['*'] });
    const [plan] = await db.client.query(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [org.id]).then((r) => r.rows);
    const ctx: RequestContext = {
      organizationId: org.id,
      planId: plan.id,
      livePlanId: plan.id,
      scenarioId: null,
      actor: { type: 'user', id: user.id, email: user.email },
      // Subscribing to team events needs teams_view of the user who configures the endpoint.
      permissions: new Set(['teams_view']),
      capabilities: new Set(['configure_webhooks']),
      userId: user.id,
    };
    await app.app.get(WebhookEndpointsService).create(ctx, {
      name: 'Bench receiver',
      url: `http://127.0.0.1:${receiver.port}/hook`,
      entityTypes: ['team'],
      eventTypes: ['create', 'update', 'delete'],
    });

    // 1. Backlog.
    const backlogCommitted = await (async () => {
      await db.client.query(
        `INSERT INTO record_changes (event_id, organization_id, plan_id, entity_type, entity_id, change_type, before, after,
                                     actor_type, actor_id, actor_email, dispatch_status)
         SELECT gen_random_uuid(), $1, $2, 'team', 'cbench' || lpad(g::text, 19, '0'), 'create', NULL,
                jsonb_build_object('phase', 'backlog', 'bench', g, 'name', 'Team ' || g, 'costPerMonth', '12500.5', 'startDate', '2026-01-01'),
                'user', $3, $4, 'PENDING'
           FROM generate_series(1, $5) g`,
        [org.id, plan.id, user.id, user.email, CHANGES],
      );
      return now();
    })();
    // The dispatcher is woken by commits through the UnitOfWork; this insert bypassed it, so the sweep
    // would find it: wake it as a commit would.
    app.app.get(WebhookDispatcher).wake();
    await waitForAll(receiver, 'backlog', CHANGES, 300_000);
    const backlogTimes = await report(receiver, 'backlog', CHANGES);
    const backlogLast = Math.max(...backlogTimes.map(([, at]) => at));
    const backlogRate = CHANGES / ((backlogLast - backlogCommitted) / 1000);

    // 2. Steady rate, one change per transaction through the UnitOfWork.
    const uow = app.app.get(UnitOfWork);
    const committedAt = new Array<number>(CHANGES + 1);
    const start = now();
    const writes: Promise<void>[] = [];
    for (let i = 1; i <= CHANGES; i++) {
      const due = start + (i - 1) * (1000 / RATE);
      const wait = due - now();
      if (wait > 1) await sleep(wait);
      writes.push(
        uow
          .run(ctx, async (tx) => {
            tx.record({
              entityType: 'team',
              entityId: `csteady${String(i).padStart(18, '0')}`,
              changeType: 'update',
              before: { name: `Team ${i}` },
              after: { phase: 'steady', bench: i, name: `Team ${i}+` },
            });
          })
          .then(() => {
            committedAt[i] = now();
          }),
      );
    }
    await Promise.all(writes);
    const writeSeconds = (now() - start) / 1000;
    await waitForAll(receiver, 'steady', CHANGES, 120_000);
    const steadyTimes = await report(receiver, 'steady', CHANGES);
    const latencies = steadyTimes.map(([bench, at]) => at - committedAt[bench]).sort((a, b) => a - b);
    const steadyFirst = Math.min(...committedAt.slice(1));
    const steadyLast = Math.max(...steadyTimes.map(([, at]) => at));

    process.stdout.write(`\nWebhooks: ${CHANGES} changes per phase, 1 endpoint, PostgreSQL (${db.name}), ${machine()}\n\n`);
    printTable([
      {
        phase: `backlog (${CHANGES} committed at once)`,
        'deliveries/s': Math.round(backlogRate),
        'p50 ms': '-',
        'p99 ms': '-',
        'max ms': `${round(backlogLast - backlogCommitted, 0)} (drain)`,
      },
      {
        phase: `steady ${RATE} changes/s (${round(CHANGES / writeSeconds, 1)} achieved)`,
        'deliveries/s': Math.round(CHANGES / ((steadyLast - steadyFirst) / 1000)),
        'p50 ms': round(percentile(latencies, 50), 1),
        'p99 ms': round(percentile(latencies, 99), 1),
        'max ms': round(latencies[latencies.length - 1], 1),
      },
    ]);
    process.stdout.write(`\nEvery event arrived exactly once (${CHANGES * 2} deliveries).\n`);
  });
}
