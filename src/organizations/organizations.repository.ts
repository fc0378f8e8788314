import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import { EmScope, scopeParts } from '../crud/organization-rows.repository';
import { OrganizationEntity } from '../database/entities/organization.entity';
import { PlanEntity } from './entities/plan.entity';

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
  async reportingCurrency(at: EmScope): Promise<string> {
    const { organizationId, em } = scopeParts(at);
    const rows: { reporting_currency: string }[] = await em.query(`SELECT reporting_currency FROM organizations WHERE id = $1`, [
      organizationId,
    ]);
    return rows[0].reporting_currency;
  }

  /** Whether the organization's user is active; null when the organization has no such user. */
  async userActive(at: EmScope, userId: string): Promise<boolean | null> {
    const { organizationId, em } = scopeParts(at);
    const rows: { active: boolean }[] = await em.query(`SELECT active FROM users WHERE id = $1 AND organization_id = $2`, [
      userId,
      organizationId,
    ]);
    return rows[0]?.active ?? null;
  }

  /** The organization's user's permissions and whether it is active, or undefined when it has no such user. */
  async userPermissions(at: EmScope, userId: string): Promise<{ permissions: string[]; active: boolean } | undefined> {
    const { organizationId, em } = scopeParts(at);
    const rows: { permissions: string[]; active: boolean }[] = await em.query(
      `SELECT permissions, active FROM users WHERE id = $1 AND organization_id = $2`,
      [userId, organizationId],
    );
    return rows[0];
  }

  /** The organization's user (permissions, active) with the organization's live plan id, or undefined. */
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
  async livePlanId(at: EmScope): Promise<string | null> {
    const { organizationId, em } = scopeParts(at);
    const rows: { live_plan_id: string }[] = await em.query(
      `SELECT p.id AS live_plan_id FROM organizations o JOIN plans p ON p.organization_id = o.id AND p.kind = 'LIVE' WHERE o.id = $1`,
      [organizationId],
    );
    return rows[0]?.live_plan_id ?? null;
  }

  /** The organization's user with that id (id, e-mail and whether it is active), or undefined. */
  async user(at: EmScope, userId: string): Promise<{ id: string; email: string; active: boolean } | undefined> {
    const { organizationId, em } = scopeParts(at);
    const rows: { id: string; email: string; active: boolean }[] = await em.query(
      `SELECT id, email, active FROM users WHERE id = $1 AND organization_id = $2`,
      [userId, organizationId],
    );
    return rows[0];
  }

  /** The organization's scenario plan with that id (id and status), or undefined. */
  async scenarioPlan(at: EmScope, scenarioId: string): Promise<{ id: string; status: string } | undefined> {
    const { organizationId, em } = scopeParts(at);
    const rows: { id: string; status: string }[] = await em.query(
      `SELECT id, status FROM plans WHERE id = $1 AND organization_id = $2 AND kind = 'SCENARIO'`,
      [scenarioId, organizationId],
    );
    return rows[0];
  }

  /**
   * Inside a transaction: locks the organizations table against other first starts (EXCLUSIVE: reads go
   * on, inserts wait) and counts the organizations.
   */
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
  page(em: EntityManager, page: Page): Promise<[OrganizationEntity[], number]> {
    return em
      .getRepository(OrganizationEntity)
      .findAndCount({ order: { createdAt: 'ASC', id: 'ASC' }, skip: page.offset, take: page.limit });
  }

  /**
   * Up to `limit` organizations after id `afterId` (in id order) with their retention settings, for the
   * retention purge: a read of the organizations table alone (a reference table on Citus: one node).
   */
  retentionSettings(em: EntityManager, afterId: string, limit: number): Promise<RetentionSettings[]> {
    return em.query(`SELECT id, change_retention_days, delivery_retention_days FROM organizations WHERE id > $1 ORDER BY id LIMIT $2`, [
      afterId,
      limit,
    ]);
  }

  find(em: EntityManager, id: string): Promise<OrganizationEntity | null> {
    return em.getRepository(OrganizationEntity).findOneBy({ id });
  }

  async update(em: EntityManager, id: string, patch: Partial<OrganizationEntity>): Promise<void> {
    if (Object.keys(patch).length) await em.getRepository(OrganizationEntity).update({ id }, patch);
  }

  /** The oldest organization with that name having a user with that e-mail, or null. */
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
