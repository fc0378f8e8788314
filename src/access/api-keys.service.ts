import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { ACCESS_CHANGED } from '../common/auth/access-changed';
import { UnitOfWork } from '../database/unit-of-work';
import { UsersRepository } from '../organizations/users.repository';
import { ApiKeysRepository } from './api-keys.repository';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import type { RequestContext } from '../common/auth/request-context';
import { ActingUserRights } from '../organizations/acting-user-rights';
import { ApiKeyDto, CreateApiKeyDto, CreatedApiKeyDto } from './dto/api-key.dto';
import { newApiKey } from './secrets';
import type { RowScope } from '../crud/organization-rows.repository';

@Injectable()
export class ApiKeysService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly keys: ApiKeysRepository,
    private readonly users: UsersRepository,
    private readonly rights: ActingUserRights,
    private readonly events: EventEmitter2,
  ) {}

  /**
   * A key made through the application API. A key acts as its user: with X-Acting-User, it may be made only
   * for the acting user or for a user whose every right the acting user holds (403 otherwise).
   */
  async createAs(ctx: RequestContext, userId: string, input: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    const scope = this.uow.read(ctx);
    await this.rights.assertCoversUser(scope, userId, `create an API key acting as user ${userId}`);
    return this.create(scope, userId, input);
  }

  /** Creates a key for a user of the scope's organization; the key text is returned here only, and only its hash is stored. */
  async create(at: RowScope, userId: string, input: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    if (!(await this.users.exists(at, userId))) throw DomainError.notFound('User', userId);
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw DomainError.validation('expiresAt', 'expiresAt must be in the future');
    const secret = newApiKey();
    const id = newId();
    await this.keys.insert(at, {
      id,
      userId,
      name: input.name,
      prefix: secret.prefix,
      keyHash: secret.hash,
      permissions: input.permissions,
      expiresAt,
      revokedAt: null,
    });
    const entity = (await this.keys.find(at, id))!;
    return { ...ApiKeyDto.from(entity), key: secret.key };
  }

  async list(ctx: RequestContext, page: Page): Promise<ListEnvelope<ApiKeyDto>> {
    const [rows, total] = await this.keys.page(ctx, page);
    return list(rows.map(ApiKeyDto.from), total, page);
  }

  /**
   * Revokes at once: the next request with the key is refused. With X-Acting-User, as for a new key: only a key of the
   * acting user or of a user whose every right the acting user holds (403 otherwise).
   */
  async revoke(ctx: RequestContext, keyId: string): Promise<void> {
    const key = await this.keys.find(ctx, keyId);
    if (!key) throw DomainError.notFound('API key', keyId);
    await this.rights.assertCoversUser(this.uow.read(ctx), key.userId, `revoke an API key of user ${key.userId}`);
    await this.keys.revoke(ctx, keyId);
    this.events.emit(ACCESS_CHANGED);
  }
}
