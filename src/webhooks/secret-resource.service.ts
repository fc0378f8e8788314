import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import type { UnitOfWork } from '../database/unit-of-work';
import type { OrganizationsRepository } from '../organizations/organizations.repository';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { SecretResourceRepository, SecretResourceRow } from './secret-resource.repository';
import { authorizeWebhookCapability, type WebhookCapability } from './webhook-capability';
import { newSigningSecret } from './webhook-event';

/**
 * A back-office resource with a signing secret (webhook endpoints, integrations): created with a new
 * secret shown once, listed, read, patched, its secret rotated, deleted; seen with View Webhooks and
 * changed with Configure Webhooks (document 02 "Authentication"). Each service adds what is its own:
 * the create and update rules of its fields.
 */
export abstract class SecretResourceService<E extends SecretResourceRow, D> {
  protected constructor(
    protected readonly rows: SecretResourceRepository<E>,
    protected readonly uow: UnitOfWork,
    protected readonly organizations: OrganizationsRepository,
    /** The resource's name in a 404 ("Webhook endpoint", "Integration"). */
    private readonly noun: string,
  ) {}

  /** The answer of a row (never its secret). */
  protected abstract toDto(row: E): D;

  /** Inserts a row with a new id and secret; the secret is returned here and at rotation only. */
  protected async insertWithSecret(ctx: RequestContext, fields: QueryDeepPartialEntity<E>): Promise<D & { secret: string }> {
    const id = newId();
    const secret = newSigningSecret();
    await this.rows.insert(ctx, { ...fields, id, secret } as QueryDeepPartialEntity<E>);
    return { ...this.toDto(await this.find(ctx, id)), secret };
  }

  async list(ctx: RequestContext, page: Page): Promise<ListEnvelope<D>> {
    await this.authorize(ctx, 'view_webhooks');
    const [rows, total] = await this.rows.page(ctx, page);
    return list(
      rows.map((row) => this.toDto(row)),
      total,
      page,
    );
  }

  async get(ctx: RequestContext, id: string): Promise<D> {
    await this.authorize(ctx, 'view_webhooks');
    return this.toDto(await this.find(ctx, id));
  }

  /** Writes the patch (nothing when empty) and answers the row as it is now. */
  protected async patch(ctx: RequestContext, current: E, patch: QueryDeepPartialEntity<E>): Promise<D> {
    await this.rows.update(ctx, current.id, patch);
    return this.toDto(await this.find(ctx, current.id));
  }

  /**
   * What rotating the secret of, or deleting, an existing row needs beyond Configure Webhooks, as the resource defines
   * it (integrations: every right of the user they act as; docs/architecture.md, "Security model"); nothing by default.
   */
  protected async authorizeChange(_ctx: RequestContext, _row: E, _action: string): Promise<void> {}

  /** Issues a new secret: what is signed or sent from now on uses it. */
  async rotateSecret(ctx: RequestContext, id: string): Promise<{ secret: string }> {
    await this.authorize(ctx, 'configure_webhooks');
    const current = await this.find(ctx, id);
    await this.authorizeChange(ctx, current, 'rotate the secret of');
    const secret = newSigningSecret();
    await this.rows.setSecret(ctx, current.id, secret);
    return { secret };
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.authorize(ctx, 'configure_webhooks');
    const current = await this.find(ctx, id);
    await this.authorizeChange(ctx, current, 'delete');
    await this.rows.remove(ctx, current.id);
  }

  async find(ctx: RequestContext, id: string): Promise<E> {
    const found = await this.rows.find(ctx, id);
    if (!found) throw DomainError.notFound(this.noun, id);
    return found;
  }

  authorize(ctx: RequestContext, capability: WebhookCapability): Promise<void> {
    return authorizeWebhookCapability(this.organizations, this.uow.read(ctx), capability);
  }
}
