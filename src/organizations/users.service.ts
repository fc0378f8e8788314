import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import { CreateUserDto, UpdateUserDto, UserDto } from './dto/user.dto';
import { UserEntity } from './entities/user.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { patchEntity } from '../crud/assign';

const USERS: ResourceDescriptor = {
  table: 'users',
  constraints: {
    uq_users_org_email: {
      code: 'VALIDATION_ERROR',
      field: 'email',
      message: 'email is already used by another user of the organization',
    },
  },
};

@Resources(USERS)
@Injectable()
export class UsersService {
  constructor(private readonly dataSource: DataSource) {}

  async create(organizationId: string, input: CreateUserDto, em?: EntityManager): Promise<UserDto> {
    const manager = em ?? this.dataSource.manager;
    const id = newId();
    await manager.insert(UserEntity, {
      id,
      organizationId,
      email: input.email,
      name: input.name,
      permissions: input.permissions,
      active: input.active ?? true,
    });
    return UserDto.from(await manager.findOneByOrFail(UserEntity, { id }));
  }

  async list(organizationId: string, page: Page): Promise<ListEnvelope<UserDto>> {
    const [rows, total] = await this.dataSource.getRepository(UserEntity).findAndCount({
      where: { organizationId },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.limit,
    });
    return list(rows.map(UserDto.from), total, page);
  }

  async get(organizationId: string, userId: string): Promise<UserDto> {
    return UserDto.from(await this.find(organizationId, userId));
  }

  async update(organizationId: string, userId: string, input: UpdateUserDto): Promise<UserDto> {
    await this.find(organizationId, userId);
    const patch: Partial<UserEntity> = {};
    patchEntity(patch, input, ['email', 'name', 'permissions', 'active']);
    if (Object.keys(patch).length) await this.dataSource.getRepository(UserEntity).update({ id: userId, organizationId }, patch);
    return this.get(organizationId, userId);
  }

  async find(organizationId: string, userId: string): Promise<UserEntity> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId, organizationId });
    if (!user) throw DomainError.notFound('User', userId);
    return user;
  }

  /** Whether the user exists in the organization (read through `em`, e.g. a caller's transaction). */
  async exists(organizationId: string, userId: string, em: EntityManager = this.dataSource.manager): Promise<boolean> {
    return em.getRepository(UserEntity).existsBy({ id: userId, organizationId });
  }
}
