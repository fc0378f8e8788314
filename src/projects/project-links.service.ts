import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { DELIVERY_STATUSES, deriveDeliveryStatus, ticketDeliveryStatus, type DeliveryStatus } from './delivery-status';
import { CreateProjectLinkDto, ProjectLinkDto, UpdateProjectLinkDto } from './dto/project-link.dto';
import { ProjectLinkEntity } from './entities/project-link.entity';
import type { ProjectEntity } from './entities/project.entity';
import { ProjectLinksRepository } from './project-links.repository';
import { ProjectsRepository } from './projects.repository';
import { ProjectsService } from './projects.service';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { applyPlan, fieldPlan } from '../crud/assign';
import type { TxScope } from '../database/unit-of-work';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateProjectLinkDto>()({ copy: ['provider', 'key', 'url', 'status'] });

/** Change-recorder entity type of link writes (audit history; document 02 has no event for links). */
const LINK_ENTITY_TYPE = 'project_link';

const PROJECT_LINKS: ResourceDescriptor = {
  table: 'project_links',
  constraints: {
    uq_project_links_ticket: {
      code: 'VALIDATION_ERROR',
      field: 'key',
      message: 'The project already has a link to this provider and key',
    },
  },
  // Links are read and written as part of their project (their writes re-derive its deliveryStatus).
  scenario: { entity: ProjectLinkEntity, entityTypes: ['project_link'], view: 'projects_view' },
};

/**
 * Project-management links of a project (application API). Every link write re-derives the
 * project's deliveryStatus in the same transaction, under a lock on the project row, and records a
 * `project` update when the derived value changes.
 */
@Resources(PROJECT_LINKS)
@Injectable()
export class ProjectLinksService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly projects: ProjectsService,
    private readonly repository: ProjectsRepository,
    private readonly links: ProjectLinksRepository,
  ) {}

  async list(ctx: RequestContext, projectId: string, page: Page): Promise<ListEnvelope<ProjectLinkDto>> {
    const project = await this.projects.find(ctx, projectId);
    const [rows, total] = await this.links.page(this.uow.read(ctx), project.id, page);
    return list(rows.map(ProjectLinkDto.from), total, page);
  }

  async get(ctx: RequestContext, projectId: string, linkId: string): Promise<ProjectLinkDto> {
    const project = await this.projects.find(ctx, projectId);
    return ProjectLinkDto.from(await this.find(this.uow.read(ctx), project.id, linkId));
  }

  async create(ctx: RequestContext, projectId: string, input: CreateProjectLinkDto): Promise<ProjectLinkDto> {
    checkStatus(input.status);
    return this.uow.run(ctx, async (tx) => {
      const project = await this.projects.find(tx, projectId, true);
      const id = newId();
      await this.links.insert(tx, {
        id,
        projectId: project.id,
        provider: input.provider,
        key: input.key,
        url: input.url ?? null,
        status: input.status,
      });
      const link = await this.find(tx, project.id, id);
      tx.record({ entityType: LINK_ENTITY_TYPE, entityId: id, changeType: 'create', before: null, after: payload(link) });
      await this.rederive(tx, project);
      return ProjectLinkDto.from(link);
    });
  }

  async update(ctx: RequestContext, projectId: string, linkId: string, input: UpdateProjectLinkDto): Promise<ProjectLinkDto> {
    if (input.status !== undefined) checkStatus(input.status);
    return this.uow.run(ctx, async (tx) => {
      const project = await this.projects.find(tx, projectId, true);
      const link = await this.find(tx, project.id, linkId);
      const before = payload(link);
      applyPlan(link, input, FIELDS);
      await this.links.save(tx, link);
      const updated = await this.find(tx, project.id, link.id);
      const after = payload(updated);
      tx.recordUpdate({ entityType: LINK_ENTITY_TYPE, entityId: link.id, before, after });
      await this.rederive(tx, project);
      return ProjectLinkDto.from(updated);
    });
  }

  /** Removes a link; the project's deliveryStatus keeps its last derived value once the last one goes. */
  async remove(ctx: RequestContext, projectId: string, linkId: string): Promise<void> {
    await this.uow.run(ctx, async (tx) => {
      const project = await this.projects.find(tx, projectId, true);
      const link = await this.find(tx, project.id, linkId);
      await this.links.remove(tx, link.id);
      tx.record({ entityType: LINK_ENTITY_TYPE, entityId: link.id, changeType: 'delete', before: payload(link), after: null });
      await this.rederive(tx, project);
    });
  }

  private async find(scope: TxScope, projectId: string, linkId: string): Promise<ProjectLinkEntity> {
    const link = await this.links.find(scope, projectId, linkId);
    if (!link) throw DomainError.notFound('Project link', linkId);
    return link;
  }

  /** Stores the status derived from the project's links, recording a `project` update when it changes. */
  private async rederive(tx: Tx, project: ProjectEntity): Promise<void> {
    const statuses = await this.repository.linkStatuses(tx, project.id);
    const derived = deriveDeliveryStatus(statuses.map((status) => ticketDeliveryStatus(status) ?? 'BACKLOG'));
    if (derived === null || derived === project.deliveryStatus) return;
    const before = this.projects.payload(project);
    await this.repository.setDeliveryStatus(tx, project.id, derived);
    const after = this.projects.payload(await this.projects.find(tx, project.id));
    tx.record({ entityType: 'project', entityId: project.id, changeType: 'update', before, after });
  }
}

function checkStatus(status: string): DeliveryStatus {
  const mapped = ticketDeliveryStatus(status);
  if (!mapped) {
    throw DomainError.validation(
      'status',
      `status "${status}" is not a known ticket status; send one of ${DELIVERY_STATUSES.join(', ')} or a common tool status such as To Do, In Progress, Code Review, Closed, Won't Do`,
    );
  }
  return mapped;
}

function payload(link: ProjectLinkEntity): Record<string, unknown> {
  return { ...ProjectLinkDto.from(link) };
}
