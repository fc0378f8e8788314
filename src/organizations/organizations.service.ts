import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import { PlanEntity } from './entities/plan.entity';
import { CreateOrganizationDto, OrganizationDto, UpdateOrganizationDto } from './dto/organization.dto';
import { OrganizationEntity } from '../database/entities/organization.entity';
import { patchEntity } from '../crud/assign';

@Injectable()
export class OrganizationsService {
  constructor(private readonly dataSource: DataSource) {}

  /** Creates the organization and its live plan together. */
  async create(input: CreateOrganizationDto, em?: EntityManager): Promise<OrganizationDto> {
    const work = async (tx: EntityManager) => {
      const org = tx.create(OrganizationEntity, {
        id: newId(),
        name: input.name,
        reportingCurrency: input.reportingCurrency ?? 'USD',
        functionalGroupsEnabled: input.functionalGroupsEnabled ?? false,
        functionalGroupsRestrictedVisibility: input.functionalGroupsRestrictedVisibility ?? false,
        noticePeriodDays: input.noticePeriodDays ?? 30,
      });
      await tx.insert(OrganizationEntity, org);
      await tx.insert(PlanEntity, {
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
      return OrganizationDto.from(await tx.findOneByOrFail(OrganizationEntity, { id: org.id }));
    };
    return em ? work(em) : this.dataSource.transaction(work);
  }

  async list(page: Page): Promise<ListEnvelope<OrganizationDto>> {
    const [rows, total] = await this.dataSource.getRepository(OrganizationEntity).findAndCount({
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.limit,
    });
    return list(rows.map(OrganizationDto.from), total, page);
  }

  async get(id: string): Promise<OrganizationDto> {
    return OrganizationDto.from(await this.find(id));
  }

  async update(id: string, input: UpdateOrganizationDto): Promise<OrganizationDto> {
    const org = await this.find(id);
    const patch: Partial<OrganizationEntity> = {};
    patchEntity(patch, input, ['name', 'reportingCurrency', 'functionalGroupsEnabled']);
    if (input.functionalGroupsRestrictedVisibility !== undefined)
      patch.functionalGroupsRestrictedVisibility = input.functionalGroupsRestrictedVisibility;
    patchEntity(patch, input, ['noticePeriodDays']);
    if (Object.keys(patch).length) await this.dataSource.getRepository(OrganizationEntity).update({ id: org.id }, patch);
    return this.get(id);
  }

  private async find(id: string): Promise<OrganizationEntity> {
    const org = await this.dataSource.getRepository(OrganizationEntity).findOneBy({ id });
    if (!org) throw DomainError.notFound('Organization', id);
    return org;
  }
}
