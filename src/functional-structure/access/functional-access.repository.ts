import { Injectable } from '@nestjs/common';
import { EmScope, scopeParts } from '../../crud/organization-rows.repository';
import { activeOn } from '../dated';
import type { FunctionalAccess, GrantResourceType } from '../entities/functional-access-grant.entity';
import type { TxScope } from '../functional-structure.repository';
import { GenerateSql } from '../../common/generate-sql';

/** An access grant with its login's name and e-mail. */
export type GrantRow = {
  id: string;
  functional_group_id: string;
  resource_type: GrantResourceType;
  resource_id: string;
  user_id: string;
  name: string;
  email: string;
  access: FunctionalAccess;
  created_at: Date;
};

/** A grant on one group as its change record carries it. */
export type DirectGrant = { id: string; resourceType: GrantResourceType; resourceId: string; userId: string; access: FunctionalAccess };

export interface NewGrant {
  id: string;
  groupId: string;
  userId: string;
  resourceType: GrantResourceType;
  resourceId: string;
  access: FunctionalAccess;
}

/**
 * The access grants of the functional structure (organization-level rows keyed by group id), the
 * organization's module and visibility settings and the logins grants are for. Statements take the scope
 * first (`TxScope`, or `EmScope` for the organization settings the guard reads too), and run on its entity manager
 * (the pool, or a write's transaction).
 */
@Injectable()
export class FunctionalAccessRepository {
  /** Whether the login holds an EDITOR grant on the group or one of its ancestors on `day` of the plan. */
  @GenerateSql({ params: (s) => [s.tx, s.id, s.day] })
  async managesOn({ ctx, em }: TxScope, groupId: string, day: string): Promise<boolean> {
    const rows: { ok: boolean }[] = await em.query(
      `WITH RECURSIVE up(id, depth) AS (
         SELECT $3::varchar, 0
         UNION ALL
         SELECT p.parent_group_id, up.depth + 1 FROM up
           JOIN functional_group_placements p ON p.organization_id = $4 AND p.plan_id = $1 AND p.group_id = up.id AND ${activeOn('p', '$2')}
          WHERE p.parent_group_id IS NOT NULL AND up.depth < 1000)
       SELECT EXISTS (SELECT 1 FROM functional_access_grants g
                       WHERE g.organization_id = $4 AND g.user_id = $5 AND g.access = 'EDITOR' AND g.functional_group_id IN (SELECT id FROM up)) AS ok`,
      [ctx.planId, day, groupId, ctx.organizationId, ctx.userId],
    );
    return rows[0].ok;
  }

  /** The organization's grants with their logins (optionally one login's), by login name. */
  @GenerateSql({ name: 'all', params: (s) => [s.tx] }, { name: 'of a user', params: (s) => [s.tx, s.userId] })
  grants(at: EmScope, userId?: string): Promise<GrantRow[]> {
    const { organizationId, em } = scopeParts(at);
    return em.query(
      `SELECT g.id, g.functional_group_id, g.resource_type, g.resource_id, g.user_id, u.name, u.email, g.access, g.created_at
         FROM functional_access_grants g JOIN users u ON u.id = g.user_id
        WHERE g.organization_id = $1 ${userId ? 'AND g.user_id = $2' : ''}
        ORDER BY u.name, u.email, g.id`,
      userId ? [organizationId, userId] : [organizationId],
    );
  }

  /** The organization setting `functionalGroupsRestrictedVisibility`. */
  @GenerateSql({ params: (s) => [s.tx] })
  async restrictedVisibility(at: EmScope): Promise<boolean> {
    const { organizationId, em } = scopeParts(at);
    const rows: { restricted: boolean }[] = await em.query(
      `SELECT functional_groups_restricted_visibility AS restricted FROM organizations WHERE id = $1`,
      [organizationId],
    );
    return rows[0]?.restricted ?? false;
  }

  /** The organization setting that switches the functional-groups module on. */
  @GenerateSql({ params: (s) => [s.tx] })
  async functionalGroupsEnabled(at: EmScope): Promise<boolean> {
    const { organizationId, em } = scopeParts(at);
    const rows: { enabled: boolean }[] = await em.query(`SELECT functional_groups_enabled AS enabled FROM organizations WHERE id = $1`, [
      organizationId,
    ]);
    return rows[0]?.enabled ?? false;
  }

  /** Serialises grants and revokes on one group (until the transaction ends). */
  @GenerateSql({ params: (s) => [s.tx, s.id] })
  async lockGroup(tx: TxScope, groupId: string): Promise<void> {
    await tx.em.query(`SELECT pg_advisory_xact_lock(hashtext('functional_access:' || $1))`, [groupId]);
  }

  /** The group's grants, by id. */
  @GenerateSql({ params: (s) => [s.tx, s.id] })
  directGrants(tx: TxScope, groupId: string): Promise<DirectGrant[]> {
    return tx.em.query(
      `SELECT id, resource_type AS "resourceType", resource_id AS "resourceId", user_id AS "userId", access
         FROM functional_access_grants WHERE organization_id = $1 AND functional_group_id = $2 ORDER BY id`,
      [tx.ctx.organizationId, groupId],
    );
  }

  /** One grant per group and login: a second grant replaces the access (and keeps the id). Returns the id. */
  @GenerateSql({
    params: (s) => [s.tx, { id: s.id, groupId: s.id, userId: s.userId, resourceType: 'USER', resourceId: s.userId, access: 'READER' }],
  })
  async upsertGrant(tx: TxScope, grant: NewGrant): Promise<string> {
    const [{ id }]: { id: string }[] = await tx.em.query(
      `INSERT INTO functional_access_grants (id, organization_id, functional_group_id, user_id, resource_type, resource_id, access)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (organization_id, functional_group_id, user_id)
       DO UPDATE SET access = EXCLUDED.access, resource_type = EXCLUDED.resource_type, resource_id = EXCLUDED.resource_id, updated_at = EXCLUDED.updated_at
       RETURNING id`,
      [grant.id, tx.ctx.organizationId, grant.groupId, grant.userId, grant.resourceType, grant.resourceId, grant.access],
    );
    return id;
  }

  /** The group a grant is on, or null when the organization has no such grant. */
  @GenerateSql({ params: (s) => [s.tx, s.id] })
  async groupOfGrant(tx: TxScope, grantId: string): Promise<string | null> {
    const rows: { functional_group_id: string }[] = await tx.em.query(
      `SELECT functional_group_id FROM functional_access_grants WHERE organization_id = $1 AND id = $2`,
      [tx.ctx.organizationId, grantId],
    );
    return rows[0]?.functional_group_id ?? null;
  }

  /** Deletes the grant; false when it was already gone. */
  @GenerateSql({ params: (s) => [s.tx, s.id] })
  async deleteGrant(tx: TxScope, grantId: string): Promise<boolean> {
    const deleted: unknown[] = await tx.em.query(
      `DELETE FROM functional_access_grants WHERE organization_id = $1 AND id = $2 RETURNING id`,
      [tx.ctx.organizationId, grantId],
    );
    return deleted.length > 0;
  }

  /** A user of the organization, or null. */
  @GenerateSql({ params: (s) => [s.tx, s.userId] })
  async user(tx: TxScope, userId: string): Promise<{ id: string; active: boolean } | null> {
    const users: { id: string; active: boolean }[] = await tx.em.query(
      `SELECT id, active FROM users WHERE organization_id = $1 AND id = $2`,
      [tx.ctx.organizationId, userId],
    );
    return users[0] ?? null;
  }

  /** The active login of the organization with that e-mail (case-insensitive), or null. */
  @GenerateSql({ params: (s) => [s.tx, 'ana.silva@example.com'] })
  async activeUserByEmail(tx: TxScope, email: string): Promise<string | null> {
    const users: { id: string }[] = await tx.em.query(`SELECT id FROM users WHERE organization_id = $1 AND email = lower($2) AND active`, [
      tx.ctx.organizationId,
      email,
    ]);
    return users[0]?.id ?? null;
  }

  /** The live employee or contractor whose id (first) or externalId is `ref`, with their e-mail, or null. */
  @GenerateSql(
    { name: 'employee', params: (s) => [s.tx, 'EMPLOYEE', s.id] },
    { name: 'contractor by externalId', params: (s) => [s.tx, 'CONTRACTOR', 'CTR-1'] },
  )
  async livePerson(tx: TxScope, kind: 'EMPLOYEE' | 'CONTRACTOR', ref: string): Promise<{ id: string; email: string | null } | null> {
    const table = kind === 'EMPLOYEE' ? 'employees' : 'contractors';
    const people: { id: string; email: string | null }[] = await tx.em.query(
      `SELECT id, email FROM ${table} WHERE organization_id = $3 AND plan_id = $1 AND (id = $2 OR external_id = $2) ORDER BY (id = $2) DESC LIMIT 1`,
      [tx.ctx.livePlanId, ref, tx.ctx.organizationId],
    );
    return people[0] ?? null;
  }
}
