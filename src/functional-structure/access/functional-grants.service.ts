import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../common/auth/request-context';
import { DomainError } from '../../common/errors/domain-error';
import { newId } from '../../common/ids';
import { Tx, UnitOfWork } from '../../database/unit-of-work';
import { referenceDay } from '../dated';
import type { AccessGrantBodyDto } from '../dto/functional-structure.dto';
import type { GrantResourceType } from '../entities/functional-access-grant.entity';
import { FunctionalGroupEntity } from '../entities/functional-group.entity';
import { DirectGrant, FunctionalAccessRepository } from './functional-access.repository';
import { FunctionalAccessService } from './functional-access.service';
import { FunctionalGroupsService } from '../groups/functional-groups.service';
import { groupPayload } from '../payloads';

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
    private readonly rows: FunctionalAccessRepository,
  ) {}

  /** POST /access: one grant per group and login; granting again replaces the access (same id). */
  async grant(ctx: RequestContext, body: AccessGrantBodyDto): Promise<string> {
    return this.uow.run(ctx, async (tx) => {
      const group = await this.groups.findGroup(tx, body.functionalGroupId);
      await this.access.assertCanShare(tx, group.id, referenceDay(group));
      const { userId, resourceId } = await this.resolveLogin(tx, body.resourceType, body.resourceId);
      // Serialises grants and revokes on one group, so that before/after of the event are exact.
      await this.rows.lockGroup(tx, group.id);
      const before = await this.rows.directGrants(tx, group.id);
      const same = before.find((g) => g.userId === userId);
      if (same && same.access === body.access && same.resourceType === body.resourceType && same.resourceId === resourceId) return same.id;
      const grant = { id: newId(), groupId: group.id, userId, resourceType: body.resourceType, resourceId, access: body.access };
      const id = await this.rows.upsertGrant(tx, grant);
      await this.recordChange(tx, group, before);
      return id;
    });
  }

  /** DELETE /access/:id: removes a direct grant; grants on parents (inherited rights) stay. */
  async revoke(ctx: RequestContext, grantId: string): Promise<string> {
    return this.uow.run(ctx, async (tx) => {
      const groupId = await this.rows.groupOfGrant(tx, grantId);
      if (!groupId) throw DomainError.notFound('Access grant', grantId);
      const group = await this.groups.findGroup(tx, groupId);
      await this.access.assertCanShare(tx, group.id, referenceDay(group));
      await this.rows.lockGroup(tx, group.id);
      const before = await this.rows.directGrants(tx, group.id);
      if (!(await this.rows.deleteGrant(tx, grantId))) throw DomainError.notFound('Access grant', grantId);
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
    if (type === 'USER') {
      const user = await this.rows.user(tx, idOrExternalId);
      if (!user) throw DomainError.notFound('User', idOrExternalId);
      if (!user.active) throw new DomainError('NO_LINKED_USER', `User ${idOrExternalId} has no active login`);
      return { userId: user.id, resourceId: user.id };
    }
    const person = await this.rows.livePerson(tx, type, idOrExternalId);
    if (!person) throw DomainError.notFound(type === 'EMPLOYEE' ? 'Employee' : 'Contractor', idOrExternalId);
    const userId = person.email ? await this.rows.activeUserByEmail(tx, person.email) : null;
    if (!userId) {
      throw new DomainError(
        'NO_LINKED_USER',
        `${type === 'EMPLOYEE' ? 'Employee' : 'Contractor'} ${idOrExternalId} has no active login (matched by e-mail)`,
      );
    }
    return { userId, resourceId: person.id };
  }

  /** One `functional_group` update: the group (with today's parent) and its direct grants before and after. */
  private async recordChange(tx: Tx, group: FunctionalGroupEntity, before: DirectGrant[]): Promise<void> {
    const payload = groupPayload(group, await this.groups.parentOn(tx, group.id, referenceDay(group)));
    tx.record({
      entityType: 'functional_group',
      entityId: group.id,
      changeType: 'update',
      before: { ...payload, accessGrants: before },
      after: { ...payload, accessGrants: await this.rows.directGrants(tx, group.id) },
      organizationLevel: true,
    });
  }
}
