import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { ACCESS_CHANGED } from '../common/auth/access-changed';
import type { EntityManager } from 'typeorm';
import { UnitOfWork } from '../database/unit-of-work';
import { UsersRepository } from './users.repository';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import { CreateUserDto, UpdateUserDto, UserDto } from './dto/user.dto';
import { UserEntity } from './entities/user.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { patchEntity } from '../crud/assign';
import { ActingUserRights } from './acting-user-rights';

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
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly rights: ActingUserRights,
    private readonly events: EventEmitter2,
  ) {}

  /**
   * A user made through the application API: with X-Acting-User, only with rights the acting user holds
   * (403 otherwise), so that no one can mint a login with more rights than their own.
   */
  async createAs(ctx: RequestContext, input: CreateUserDto): Promise<UserDto> {
    await this.rights.assertHolds(this.uow.read(ctx), input.permissions, 'grant rights it does not hold');
    return this.create(ctx.organizationId, input);
  }

  async create(organizationId: string, input: CreateUserDto, em?: EntityManager): Promise<UserDto> {
    const id = newId();
    await this.users.insert(
      { id, organizationId, email: input.email, name: input.name, permissions: input.permissions, active: input.active ?? true },
      em,
    );
    return UserDto.from((await this.users.find(organizationId, id, em))!);
  }

  async list(organizationId: string, page: Page): Promise<ListEnvelope<UserDto>> {
    const [rows, total] = await this.users.page(organizationId, page);
    return list(rows.map(UserDto.from), total, page);
  }

  async get(organizationId: string, userId: string): Promise<UserDto> {
    return UserDto.from(await this.find(organizationId, userId));
  }

  /**
   * Changes a user. With X-Acting-User: only a user whose every right the acting user holds, and only to
   * rights the acting user holds (403 otherwise, nothing changed).
   */
  async update(ctx: RequestContext, userId: string, input: UpdateUserDto): Promise<UserDto> {
    const organizationId = ctx.organizationId;
    await this.find(organizationId, userId);
    const scope = this.uow.read(ctx);
    await this.rights.assertCoversUser(scope, userId, `change user ${userId}`);
    if (input.permissions) await this.rights.assertHolds(scope, input.permissions, 'grant rights it does not hold');
    const patch: Partial<UserEntity> = {};
    patchEntity(patch, input, ['email', 'name', 'permissions', 'active']);
    await this.users.update(organizationId, userId, patch);
    this.events.emit(ACCESS_CHANGED);
    return this.get(organizationId, userId);
  }

  async find(organizationId: string, userId: string): Promise<UserEntity> {
    const user = await this.users.find(organizationId, userId);
    if (!user) throw DomainError.notFound('User', userId);
    return user;
  }

  /** Whether the user exists in the organization (read through `em`, e.g. a caller's transaction). */
  exists(organizationId: string, userId: string, em?: EntityManager): Promise<boolean> {
    return this.users.exists(organizationId, userId, em);
  }
}
