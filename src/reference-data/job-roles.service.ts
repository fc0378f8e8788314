import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CrudService } from '../common/crud/crud.service';
import { assignDefined } from '../common/crud/assign';
import { registerConstraint } from '../common/errors/db-errors';
import { UnitOfWork } from '../database/unit-of-work';
import { CreateJobRoleDto, JobRoleDto, UpdateJobRoleDto } from './dto/job-role.dto';
import { JobRoleEntity } from './entities/job-role.entity';

registerConstraint('uq_job_roles_external_id', { code: 'VALIDATION_ERROR', field: 'externalId', message: 'externalId is already used by another job role' });
registerConstraint('uq_job_roles_title', { code: 'VALIDATION_ERROR', field: 'title', message: 'title is already used by another job role' });

const FIELDS = ['title', 'externalId', 'family', 'level', 'description'] as const;

@Injectable()
export class JobRolesService extends CrudService<JobRoleEntity, JobRoleDto, CreateJobRoleDto, UpdateJobRoleDto> {
  constructor(uow: UnitOfWork, dataSource: DataSource) {
    super(uow, dataSource, {
      entity: JobRoleEntity,
      table: 'job_roles',
      label: 'Job role',
      entityType: 'job_role',
      planScoped: false,
      externalId: true,
      search: ['title', 'family'],
      sort: { title: 'title', family: 'family', level: 'level', createdAt: 'createdAt', updatedAt: 'updatedAt' },
      defaultSort: 'title',
      toResponse: JobRoleDto.from,
      build: async (input) => assignDefined(new JobRoleEntity(), input, FIELDS),
      apply: async (entity, input) => void assignDefined(entity, input, FIELDS),
    });
  }
}
