import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import type { RequestContext } from '../common/auth/request-context';
import { ActingUserRights } from '../organizations/acting-user-rights';
import { UserEntity } from '../organizations/entities/user.entity';
import { ApiKeyDto, CreateApiKeyDto, CreatedApiKeyDto } from './dto/api-key.dto';
import { ApiKeyEntity } from './entities/api-key.entity';
import { newApiKey } from './secrets';

@Injectable()
export class ApiKeysService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rights: ActingUserRights,
  ) {}

  /**
   * A key made through the application API. A key acts as its user: with X-Acting-User, it may be made only
   * for the acting user or for a user whose every right the acting user holds (403 otherwise).
   */
  async createAs(ctx: RequestContext, userId: string, input: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    await this.rights.assertCoversUser({ ctx, em: this.dataSource.manager }, userId, `create an API key acting as user ${userId}`);
    return this.create(ctx.organizationId, userId, input);
  }

  /** Creates a key for a user; the key text is returned here only, and only its hash is stored. */
  async create(organizationId: string, userId: string, input: CreateApiKeyDto, em?: EntityManager): Promise<CreatedApiKeyDto> {
    const manager = em ?? this.dataSource.manager;
    const user = await manager.findOneBy(UserEntity, { id: userId, organizationId });
    if (!user) throw DomainError.notFound('User', userId);
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw DomainError.validation('expiresAt', 'expiresAt must be in the future');
    const secret = newApiKey();
    const id = newId();
    await manager.insert(ApiKeyEntity, {
      id,
      organizationId,
      userId,
      name: input.name,
      prefix: secret.prefix,
      keyHash: secret.hash,
      permissions: input.permissions,
      expiresAt,
      revokedAt: null,
    });
    const entity = await manager.findOneByOrFail(ApiKeyEntity, { id });
    return { ...ApiKeyDto.from(entity), key: secret.key };
  }

  async list(organizationId: string, page: Page): Promise<ListEnvelope<ApiKeyDto>> {
    const [rows, total] = await this.dataSource.getRepository(ApiKeyEntity).findAndCount({
      where: { organizationId },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.limit,
    });
    return list(rows.map(ApiKeyDto.from), total, page);
  }

  /** Revokes at once: the next request with the key is refused. */
  async revoke(organizationId: string, keyId: string): Promise<void> {
    const repo = this.dataSource.getRepository(ApiKeyEntity);
    const key = await repo.findOneBy({ id: keyId, organizationId });
    if (!key) throw DomainError.notFound('API key', keyId);
    await repo.update({ id: keyId, organizationId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
