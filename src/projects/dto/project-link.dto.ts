import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, IsUrl, MaxLength } from 'class-validator';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsNullable, IsOptional, IsText } from '../../common/validation/validators';
import { DELIVERY_STATUSES, type DeliveryStatus, ticketDeliveryStatus } from '../delivery-status';
import type { ProjectLinkEntity } from '../entities/project-link.entity';

export class CreateProjectLinkDto {
  /** The project-management tool, such as `jira`, `linear`, `github`; stored lower-cased. */
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  provider: string;

  /** The ticket's key in the tool, such as `PAY-12`; one link per provider and key on a project. */
  @IsText(255)
  key: string;

  /** The ticket's address (http or https). */
  @IsOptional()
  @IsNullable()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'url must be an http or https URL' })
  @MaxLength(2048)
  @ApiPropertyOptional({ example: 'https://acme.atlassian.net/browse/PAY-123' })
  url?: string | null;

  /**
   * The ticket's status as the tool names it; case, spaces, `_` and `-` are ignored. Understood:
   * the six deliveryStatus values and the common tool words (`To Do`, `In Progress`, `Code Review`,
   * `Closed`, `Won't Do`, ...); see docs/decisions.md "Projects". Anything else is a 400.
   */
  @ApiProperty({ example: 'In Progress' })
  @IsText(100)
  status: string;
}

export class UpdateProjectLinkDto extends PatchType(CreateProjectLinkDto) {}

export class ProjectLinkDto {
  id: string;
  /** The project the ticket is linked to. */
  projectId: string;
  /** The project-management tool, lower-cased (`jira`, `linear`, `github`, ...). */
  provider: string;
  /** The ticket's key in the tool. */
  key: string;
  /** The ticket's address; null when none. */
  url: string | null;
  /** As sent. */
  status: string;
  /** What the ticket status counts as when the project's deliveryStatus is derived. */
  @ApiProperty({ enum: DELIVERY_STATUSES })
  deliveryStatus: DeliveryStatus;
  createdAt: string;
  updatedAt: string;

  static from(e: ProjectLinkEntity): ProjectLinkDto {
    return {
      id: e.id,
      projectId: e.projectId,
      provider: e.provider,
      key: e.key,
      url: e.url,
      status: e.status,
      deliveryStatus: ticketDeliveryStatus(e.status) ?? 'BACKLOG',
      ...timestamps(e),
    };
  }
}
