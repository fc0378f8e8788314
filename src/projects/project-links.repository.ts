import { Injectable } from '@nestjs/common';
import type { Page } from '../common/http/envelopes';
import type { TxScope } from '../database/unit-of-work';
import { ProjectLinkEntity } from './entities/project-link.entity';
import { GenerateSql } from '../common/generate-sql';

/** Project-management links' rows, in the request's organization and plan. */
@Injectable()
export class ProjectLinksRepository {
  @GenerateSql({ params: (s) => [s.tx, s.id, { page: 1, limit: 20, offset: 0 }] })
  page({ ctx, em }: TxScope, projectId: string, page: Page): Promise<[ProjectLinkEntity[], number]> {
    return em.getRepository(ProjectLinkEntity).findAndCount({
      where: { organizationId: ctx.organizationId, planId: ctx.planId, projectId },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.limit,
    });
  }

  @GenerateSql({ params: (s) => [s.tx, s.id, s.id] })
  find({ ctx, em }: TxScope, projectId: string, id: string): Promise<ProjectLinkEntity | null> {
    return em.getRepository(ProjectLinkEntity).findOneBy({ organizationId: ctx.organizationId, planId: ctx.planId, projectId, id });
  }

  async insert(
    { ctx, em }: TxScope,
    row: Omit<ProjectLinkEntity, 'organizationId' | 'planId' | 'project' | 'createdAt' | 'updatedAt'>,
  ): Promise<void> {
    await em.getRepository(ProjectLinkEntity).insert({ ...row, organizationId: ctx.organizationId, planId: ctx.planId });
  }

  async save({ em }: TxScope, link: ProjectLinkEntity): Promise<void> {
    await em.getRepository(ProjectLinkEntity).save(link);
  }

  @GenerateSql({ params: (s) => [s.tx, s.id] })
  async remove({ ctx, em }: TxScope, id: string): Promise<void> {
    await em.getRepository(ProjectLinkEntity).delete({ organizationId: ctx.organizationId, planId: ctx.planId, id });
  }
}
