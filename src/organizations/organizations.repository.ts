import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import { EmScope, scopeParts } from '../crud/organization-rows.repository';
import { OrganizationEntity, type ForecastAssumptions } from '../database/entities/organization.entity';
import { PlanEntity, PlanStatus, ScenarioVisibility } from './entities/plan.entity';
import type { ScenarioRole } from './entities/scenario-member.entity';
import { GenerateSql } from '../common/generate-sql';

/** A scenario with what decides a user's access to it (`OrganizationsRepository.scenarioAccess`). */
export interface ScenarioAccessRow {
  id: string;
  status: PlanStatus;
  forked_at: Date | null;
  visibility: ScenarioVisibility;
  owner_user_id: string | null;
  /** The user's membership role in the scenario, null when not a member. */
  member_role: ScenarioRole | null;
  /** The user's permissions and state, null when there is no user (or no such user in the organization). */
  user_permissions: string[] | null;
  user_active: boolean | null;
}

/**
 * The scenario look-up behind every request that names a scenario (the guard's `scenarioId`, the application API's
 * scenario routes): one statement of the organization (plans and members are colocated, users a reference table).
 */
export const SCENARIO_ACCESS_SQL = `
  SELECT p.id, p.status, p.forked_at, p.visibility, p.owner_user_id, m.role AS member_role, u.permissions AS user_permissions, u.active AS user_active
    FROM plans p
    LEFT JOIN scenario_members m ON m.organization_id = $2 AND m.scenario_id = p.id AND m.user_id = $3
    LEFT JOIN users u ON u.organization_id = $2 AND u.id = $3
   WHERE p.id = $1 AND p.organization_id = $2 AND p.kind = 'SCENARIO'`;

/** `SCENARIO_ACCESS_SQL` when no user is behind the request. */
const SCENARIO_SQL = `
  SELECT p.id, p.status, p.forked_at, p.visibility, p.owner_user_id, NULL AS member_role, NULL AS user_permissions, NULL AS user_active
    FROM plans p
   WHERE p.id = $1 AND p.organization_id = $2 AND p.kind = 'SCENARIO'`;

/** A user of the organization with the organization's live plan (which the organization creates with itself). */
export interface UserWithLivePlan {
  permissions: string[];
  active: boolean;
  live_plan_id: string;
}

/** An organization's retention settings (spec 05 §3.3). */
export interface RetentionSettings {
  id: string;
  change_retention_days: number | null;
  delivery_retention_days: number;
}

/**
 * The organizations module's own SQL beyond entity reads: organizations, their users and their plans (the
 * live plan and the scenarios). Other modules read these rows through it (the guard, the reporting
 * currency, a user's state).
 * Reads of one organization take its scope (`EmScope`: a `TxScope`, or `{ organizationId, em }` outside a request),
 * the others the caller's entity manager (the pool's, or a transaction's).
 */
@Injectable()
export class OrganizationsRepository {
  /** The organization's reporting currency (the organization must exist). */
  @GenerateSql({ params: (s) => [s.tx] })
  async reportingCurrency(at: EmScope): Promise<string> {
    const { organizationId, em } = scopeParts(at);
    const rows: { reporting_currency: string }[] = await em.query(`SELECT reporting_currency FROM organizations WHERE id = $1`, [
      organizationId,
    ]);
    return rows[0].reporting_currency;
  }

  /** Whether the organization's user is active; null when the organization has no such user. */
  @GenerateSql({ params: (s) => [s.tx, s.userId] })
  async userActive(at: EmScope, userId: string): Promise<boolean | null> {
    const { organizationId, em } = scopeParts(at);
    const rows: { active: boolean }[] = await em.query(`SELECT active FROM users WHERE id = $1 AND organization_id = $2`, [
      userId,
      organizationId,
    ]);
    return rows[0]?.active ?? null;
  }

  /** The organization's user's permissions and whether it is active, or undefined when it has no such user. */
  @GenerateSql({ params: (s) => [s.tx, s.userId] })
  async userPermissions(at: EmScope, userId: string): Promise<{ permissions: string[]; active: boolean } | undefined> {
    const { organizationId, em } = scopeParts(at);
    const rows: { permissions: string[]; active: boolean }[] = await em.query(
      `SELECT permissions, active FROM users WHERE id = $1 AND organization_id = $2`,
      [userId, organizationId],
    );
    return rows[0];
  }

  /** The organization's user (permissions, active) with the organization's live plan id, or undefined. */
  @GenerateSql({ params: (s) => [s.tx, s.userId] })
  async userWithLivePlan(at: EmScope, userId: string): Promise<UserWithLivePlan | undefined> {
    const { organizationId, em } = scopeParts(at);
    const rows: UserWithLivePlan[] = await em.query(
      `SELECT u.permissions, u.active, p.id AS live_plan_id
         FROM users u JOIN plans p ON p.organization_id = u.organization_id AND p.kind = 'LIVE'
        WHERE u.id = $1 AND u.organization_id = $2`,
      [userId, organizationId],
    );
    return rows[0];
  }

  /** The organization's live plan id, or null when there is no such organization. */
  @GenerateSql({ params: (s) => [s.tx] })
  async livePlanId(at: EmScope): Promise<string | null> {
    const { organizationId, em } = scopeParts(at);
    const rows: { live_plan_id: string }[] = await em.query(
      `SELECT p.id AS live_plan_id FROM organizations o JOIN plans p ON p.organization_id = o.id AND p.kind = 'LIVE' WHERE o.id = $1`,
      [organizationId],
    );
    return rows[0]?.live_plan_id ?? null;
  }

  /** The organization's user with that id (id, e-mail, whether it is active, its grant), or undefined. */
  @GenerateSql({ params: (s) => [s.tx, s.userId] })
  async user(at: EmScope, userId: string): Promise<{ id: string; email: string; active: boolean; permissions: string[] } | undefined> {
    const { organizationId, em } = scopeParts(at);
    const rows: { id: string; email: string; active: boolean; permissions: string[] }[] = await em.query(
      `SELECT id, email, active, permissions FROM users WHERE id = $1 AND organization_id = $2`,
      [userId, organizationId],
    );
    return rows[0];
  }

  /**
   * The organization's scenario with that id and what decides a user's access to it (src/access/scenario-access.ts):
   * its status, visibility and owner, the user's membership role and the user's permissions and state; undefined when
   * the organization has no such scenario. `userId` null (the application itself) leaves the user's columns null.
   */
  @GenerateSql({ params: (s) => [s.tx, s.id, s.userId] })
  async scenarioAccess(at: EmScope, scenarioId: string, userId: string | null): Promise<ScenarioAccessRow | undefined> {
    const { organizationId, em } = scopeParts(at);
    // Without a user the joins are left out: on Citus a join on a NULL parameter is folded into one it cannot route.
    const rows: ScenarioAccessRow[] = await (userId === null
      ? em.query(SCENARIO_SQL, [scenarioId, organizationId])
      : em.query(SCENARIO_ACCESS_SQL, [scenarioId, organizationId, userId]));
    return rows[0];
  }

  /**
   * Inside a transaction: locks the organizations table against other first starts (EXCLUSIVE: reads go
   * on, inserts wait) and counts the organizations.
   */
  @GenerateSql({ params: (s) => [s.em] })
  async lockAndCount(em: EntityManager): Promise<number> {
    await em.query('LOCK TABLE organizations IN EXCLUSIVE MODE');
    const [{ count }]: { count: number }[] = await em.query('SELECT count(*)::int AS count FROM organizations');
    return count;
  }

  /** Inserts the organization and its live plan (the caller's transaction makes them one write). */
  async insertWithLivePlan(em: EntityManager, org: Omit<OrganizationEntity, 'createdAt' | 'updatedAt'>): Promise<OrganizationEntity> {
    await em.insert(OrganizationEntity, org);
    await em.insert(PlanEntity, {
      id: newId(),
      organizationId: org.id,
      kind: 'LIVE',
      name: 'Live',
      description: null,
      status: 'OPEN',
      forkedAt: null,
      mergedAt: null,
      mergedByUserId: null,
    });
    return em.findOneByOrFail(OrganizationEntity, { id: org.id });
  }

  /** A page of every organization, oldest first. */
  @GenerateSql({ params: (s) => [s.em, { page: 1, limit: 20, offset: 0 }] })
  page(em: EntityManager, page: Page): Promise<[OrganizationEntity[], number]> {
    return em
      .getRepository(OrganizationEntity)
      .findAndCount({ order: { createdAt: 'ASC', id: 'ASC' }, skip: page.offset, take: page.limit });
  }

  /**
   * Up to `limit` organizations after id `afterId` (in id order) with their retention settings, for the
   * retention purge: a read of the organizations table alone (a reference table on Citus: one node).
   */
  @GenerateSql({ params: (s) => [s.em, '', 100] })
  retentionSettings(em: EntityManager, afterId: string, limit: number): Promise<RetentionSettings[]> {
    return em.query(`SELECT id, change_retention_days, delivery_retention_days FROM organizations WHERE id > $1 ORDER BY id LIMIT $2`, [
      afterId,
      limit,
    ]);
  }

  /** The organization, or null; `lock` takes its row lock (FOR UPDATE, in the caller's transaction). */
  @GenerateSql({ params: (s) => [s.em, s.organizationId] })
  find(em: EntityManager, id: string, lock = false): Promise<OrganizationEntity | null> {
    return em
      .getRepository(OrganizationEntity)
      .findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /**
   * The forecast assumptions of the organization and of its plan `planId` (null for the live plan and for a scenario
   * without its own), read in one statement.
   */
  @GenerateSql({ params: (s) => [s.tx, s.planId] })
  async forecastAssumptions(at: EmScope, planId: string): Promise<{ organization: ForecastAssumptions; plan: ForecastAssumptions | null }> {
    const { organizationId, em } = scopeParts(at);
    const rows: { organization: ForecastAssumptions; plan: ForecastAssumptions | null }[] = await em.query(
      `SELECT o.forecast_assumptions AS organization,
              (SELECT p.assumptions FROM plans p WHERE p.organization_id = $1 AND p.id = $2) AS plan
         FROM organizations o WHERE o.id = $1`,
      [organizationId, planId],
    );
    return rows[0];
  }

  @GenerateSql({ params: (s) => [s.em, s.organizationId, { name: 'SQL samples' }] })
  async update(em: EntityManager, id: string, patch: Partial<OrganizationEntity>): Promise<void> {
    if (Object.keys(patch).length) await em.getRepository(OrganizationEntity).update({ id }, patch);
  }

  /** The oldest organization with that name having a user with that e-mail, or null. */
  @GenerateSql({ params: (s) => [s.em, s.organizationId] })
  async exists(em: EntityManager, id: string): Promise<boolean> {
    const rows: unknown[] = await em.query('SELECT 1 FROM organizations WHERE id = $1', [id]);
    return rows.length > 0;
  }

  @GenerateSql({ params: (s) => [s.em, 'Demo Organization', 'demo@example.com'] })
  async organizationWithUser(em: EntityManager, name: string, email: string): Promise<string | null> {
    const rows: { id: string }[] = await em.query(
      `SELECT o.id FROM organizations o JOIN users u ON u.organization_id = o.id
        WHERE o.name = $1 AND u.email = $2 ORDER BY o.created_at LIMIT 1`,
      [name, email],
    );
    return rows[0]?.id ?? null;
  }
}

/** SQL expression: the reporting currency of organization `organization` (an expression), for statements of other modules. */
export function reportingCurrencySql(organization: string): string {
  return `(SELECT o.reporting_currency FROM organizations o WHERE o.id = ${organization})`;
}

/** SQL: `JOIN users <alias>` on the user `userId` (an expression), for statements of other modules. */
export function userJoinSql(alias: string, userId: string): string {
  return `JOIN users ${alias} ON ${alias}.id = ${userId}`;
}
