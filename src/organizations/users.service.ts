import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { ACCESS_CHANGED } from '../common/auth/access-changed';
import { UnitOfWork } from '../database/unit-of-work';
import { UsersRepository } from './users.repository';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import { CreateUserDto, UpdateUserDto, UserDto } from './dto/user.dto';
import { UserEntity } from './entities/user.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { applyPlan, fieldPlan } from '../crud/assign';
import type { RowScope } from '../crud/organization-rows.repository';
import { ActingUserRights } from './acting-user-rights';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateUserDto>()({ copy: ['email', 'name', 'permissions', 'active'] });

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
    const scope = this.uow.read(ctx);
    await this.rights.assertHolds(scope, input.permissions, 'grant rights it does not hold');
    return this.create(scope, input);
  }

  /** Creates a user of the scope's organization (in its transaction when it has one). */
  async create(at: RowScope, input: CreateUserDto): Promise<UserDto> {
    const id = newId();
    await this.users.insert(at, { id, email: input.email, name: input.name, permissions: input.permissions, active: input.active ?? true });
    return UserDto.from((await this.users.find(at, id))!);
  }

  async list(ctx: RequestContext, page: Page): Promise<ListEnvelope<UserDto>> {
    const [rows, total] = await this.users.page(ctx, page);
    return list(rows.map(UserDto.from), total, page);
  }

  async get(ctx: RequestContext, userId: string): Promise<UserDto> {
    return UserDto.from(await this.find(ctx, userId));
  }

  /**
   * Changes a user. With X-Acting-User: only a user whose every right the acting user holds, and only to
   * rights the acting user holds (403 otherwise, nothing changed).
   */
  async update(ctx: RequestContext, userId: string, input: UpdateUserDto): Promise<UserDto> {
    await this.find(ctx, userId);
    const scope = this.uow.read(ctx);
    await this.rights.assertCoversUser(scope, userId, `change user ${userId}`);
    if (input.permissions) await this.rights.assertHolds(scope, input.permissions, 'grant rights it does not hold');
    const patch: Partial<UserEntity> = {};
    applyPlan(patch, input, FIELDS);
    await this.users.update(ctx, userId, patch);
    this.events.emit(ACCESS_CHANGED);
    return this.get(ctx, userId);
  }

  async find(at: RowScope, userId: string): Promise<UserEntity> {
    const user = await this.users.find(at, userId);
    if (!user) throw DomainError.notFound('User', userId);
    return user;
  }

  /** Whether the user exists in the scope's organization (in its transaction when it has one). */
  exists(at: RowScope, userId: string): Promise<boolean> {
    return this.users.exists(at, userId);
  }
}
