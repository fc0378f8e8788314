import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../access/request-context';
import { DomainError } from '../common/errors/domain-error';
import { newId } from '../common/ids';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { referenceDay } from './dated';
import type { AccessGrantBodyDto } from './dto/functional-structure.dto';
import type { FunctionalAccess, GrantResourceType } from './entities/functional-access-grant.entity';
import { FunctionalGroupEntity } from './entities/functional-group.entity';
import { FunctionalAccessService } from './functional-access.service';
import { FunctionalGroupsService } from './functional-groups.service';
import { groupPayload } from './payloads';

type DirectGrant = { id: string; resourceType: GrantResourceType; resourceId: string; userId: string; access: FunctionalAccess };

/**
 * Access grants (document 02 "Access grant", write rule 7): always on the live structure (the routes
 * ignore scenarioId), organization-level rows keyed by group id. Each grant or revoke that changes
 * something sends one `functional_group` update for the group, whose before/after carry the group with
 * its direct grants (`accessGrants`).
 */
@Injectable()
export class FunctionalGrantsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: FunctionalAccessService,
    private readonly groups: FunctionalGroupsService,
  ) {}

  /** POST /access: one grant per group and login; granting again replaces the access (same id). */
  async grant(ctx: RequestContext, body: AccessGrantBodyDto): Promise<string> {
    return this.uow.run(ctx, async (tx) => {
      const group = await this.groups.findGroup(tx, body.functionalGroupId);
      await this.access.assertCanShare(ctx, tx.em, group.id, referenceDay(group));
      const { userId, resourceId } = await this.resolveLogin(tx, body.resourceType, body.resourceId);
      // Serialises grants and revokes on one group, so that before/after of the event are exact.
      await tx.em.query(`SELECT pg_advisory_xact_lock(hashtext('functional_access:' || $1))`, [group.id]);
      const before = await this.directGrants(tx, group.id);
      const same = before.find((g) => g.userId === userId);
      if (same && same.access === body.access && same.resourceType === body.resourceType && same.resourceId === resourceId) return same.id;
      const [{ id }]: { id: string }[] = await tx.em.query(
        `INSERT INTO functional_access_grants (id, organization_id, functional_group_id, user_id, resource_type, resource_id, access)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (organization_id, functional_group_id, user_id)
         DO UPDATE SET access = EXCLUDED.access, resource_type = EXCLUDED.resource_type, resource_id = EXCLUDED.resource_id, updated_at = now()
         RETURNING id`,
        [newId(), ctx.organizationId, group.id, userId, body.resourceType, resourceId, body.access],
      );
      await this.recordChange(tx, group, before);
      return id;
    });
  }

  /** DELETE /access/:id: removes a direct grant; grants on parents (inherited rights) stay. */
  async revoke(ctx: RequestContext, grantId: string): Promise<string> {
    return this.uow.run(ctx, async (tx) => {
      const rows: { functional_group_id: string }[] = await tx.em.query(
        `SELECT functional_group_id FROM functional_access_grants WHERE organization_id = $1 AND id = $2`,
        [ctx.organizationId, grantId],
      );
      if (!rows[0]) throw DomainError.notFound('Access grant', grantId);
      const group = await this.groups.findGroup(tx, rows[0].functional_group_id);
      await this.access.assertCanShare(ctx, tx.em, group.id, referenceDay(group));
      await tx.em.query(`SELECT pg_advisory_xact_lock(hashtext('functional_access:' || $1))`, [group.id]);
      const before = await this.directGrants(tx, group.id);
      const deleted: unknown[] = await tx.em.query(`DELETE FROM functional_access_grants WHERE organization_id = $1 AND id = $2 RETURNING id`, [ctx.organizationId, grantId]);
      if (!deleted.length) throw DomainError.notFound('Access grant', grantId);
      await this.recordChange(tx, group, before);
      return grantId;
    });
  }

  /**
   * The login a grant is for: a USER of the organization (404 when unknown), or the employee or
   * contractor (by id or externalId, 404 when unknown) whose e-mail is an active login's; a user that is
   * not active, or a person with no e-mail or no active login with it: 400 NO_LINKED_USER.
   */
  private async resolveLogin(tx: Tx, type: GrantResourceType, idOrExternalId: string): Promise<{ userId: string; resourceId: string }> {
    const { organizationId, livePlanId } = tx.ctx;
    if (type === 'USER') {
      const users: { id: string; active: boolean }[] = await tx.em.query(`SELECT id, active FROM users WHERE organization_id = $1 AND id = $2`, [organizationId, idOrExternalId]);
      if (!users[0]) throw DomainError.notFound('User', idOrExternalId);
      if (!users[0].active) throw new DomainError('NO_LINKED_USER', `User ${idOrExternalId} has no active login`);
      return { userId: users[0].id, resourceId: users[0].id };
    }
    const table = type === 'EMPLOYEE' ? 'employees' : 'contractors';
    const people: { id: string; email: string | null }[] = await tx.em.query(
      `SELECT id, email FROM ${table} WHERE plan_id = $1 AND (id = $2 OR external_id = $2) ORDER BY (id = $2) DESC LIMIT 1`,
      [livePlanId, idOrExternalId],
    );
    const person = people[0];
    if (!person) throw DomainError.notFound(type === 'EMPLOYEE' ? 'Employee' : 'Contractor', idOrExternalId);
    const users: { id: string }[] = person.email
      ? await tx.em.query(`SELECT id FROM users WHERE organization_id = $1 AND email = lower($2) AND active`, [organizationId, person.email])
      : [];
    if (!users[0]) {
      throw new DomainError('NO_LINKED_USER', `${type === 'EMPLOYEE' ? 'Employee' : 'Contractor'} ${idOrExternalId} has no active login (matched by e-mail)`);
    }
    return { userId: users[0].id, resourceId: person.id };
  }

  private async directGrants(tx: Tx, groupId: string): Promise<DirectGrant[]> {
    return tx.em.query(
      `SELECT id, resource_type AS "resourceType", resource_id AS "resourceId", user_id AS "userId", access
         FROM functional_access_grants WHERE organization_id = $1 AND functional_group_id = $2 ORDER BY id`,
      [tx.ctx.organizationId, groupId],
    );
  }

  /** One `functional_group` update: the group (with today's parent) and its direct grants before and after. */
  private async recordChange(tx: Tx, group: FunctionalGroupEntity, before: DirectGrant[]): Promise<void> {
    const payload = groupPayload(group, await this.groups.parentOn(tx, group.id, referenceDay(group)));
    tx.record({
      entityType: 'functional_group',
      entityId: group.id,
      changeType: 'update',
      before: { ...payload, accessGrants: before },
      after: { ...payload, accessGrants: await this.directGrants(tx, group.id) },
      organizationLevel: true,
    });
  }
}
