import { EXAMPLE_ID } from '../../common/http/examples';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { decimalToNumber, decimalToString } from '../../common/decimals';
import { IncrementalListQueryDto } from '../../common/http/pagination.dto';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import {
  IsCuid,
  IsDateOnly,
  IsDecimal,
  IsExternalId,
  IsNullable,
  IsOptional,
  IsText,
  OptionalReference,
  Trim,
} from '../../common/validation/validators';
import type { CustomAttributeValueDto } from '../../custom-attributes/dto/custom-attribute-value.dto';
import { DEFAULT_DELIVERY_STATUS, DELIVERY_STATUSES, type DeliveryStatus } from '../delivery-status';
import type { ProjectEntity } from '../entities/project.entity';

export const DEFAULT_ICON_COLOR = '#6B7280';
export const DEFAULT_PRIORITY = 0;
const MAX_COST = 999_999_999_999.99;

export class CreateProjectDto {
  @IsText(200)
  name: string;

  /** First day of the project (YYYY-MM-DD). */
  @IsDateOnly()
  startDate: string;

  /** Id in the system of record; unique among the organization's projects; not CUID-shaped. */
  @IsExternalId()
  @ApiPropertyOptional({ example: 'PRJ-0042' })
  externalId?: string | null;

  /** Short reporting code. */
  @IsOptional()
  @IsNullable()
  @Trim()
  @IsString()
  @MaxLength(50)
  projectCode?: string | null;

  /** Free text; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  @ApiPropertyOptional({ example: 'Rebuilds the checkout flow on the new payment API.' })
  description?: string | null;

  /** Last day (YYYY-MM-DD), not before startDate; null = no fixed end. */
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  endDate?: string | null;

  /** A user of the organization (application login), by id. */
  @IsOptional()
  @IsNullable()
  @IsCuid()
  @ApiPropertyOptional({ example: EXAMPLE_ID.user })
  ownerUserId?: string | null;

  /** A value stream, by id or externalId. */
  @OptionalReference(EXAMPLE_ID.valueStream)
  valueStreamId?: string | null;

  /** A cost centre, by id or externalId (the `costCentreId` list filter matches it). */
  @OptionalReference(EXAMPLE_ID.costCentre)
  costCentreId?: string | null;

  /**
   * A cost centre, by id or externalId: where the forecast books the project's allocations after its
   * endDate (`groupBy=projectCostCentre`); null = the project's costCentreId.
   */
  @OptionalReference(EXAMPLE_ID.postCompletionCostCentre)
  postCompletionCostCentreId?: string | null;

  /** An icon name or emoji. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(100)
  icon?: string | null;

  /** Hex colour `#RGB` or `#RRGGBB`; default `#6B7280`. */
  @ApiPropertyOptional({ default: DEFAULT_ICON_COLOR, example: '#2563EB' })
  @IsOptional()
  @Trim()
  @IsString()
  @Matches(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'iconColor must be a hex colour: #RGB or #RRGGBB' })
  iconColor?: string;

  /**
   * Default `BACKLOG`. Honoured only while the project has no project-management links; with links
   * the status is derived from their tickets and a value sent here is ignored.
   */
  @ApiPropertyOptional({ example: 'IN_PROGRESS', enum: DELIVERY_STATUSES, default: DEFAULT_DELIVERY_STATUS })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  deliveryStatus?: DeliveryStatus;

  /** Lower = higher priority; default 0. */
  @ApiPropertyOptional({ default: DEFAULT_PRIORITY })
  @IsOptional()
  @IsInt()
  @Min(-2147483648)
  @Max(2147483647)
  priority?: number;

  /** At least 0, at most two decimal places. */
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_COST, nullable: true, example: 125000.5 })
  @IsOptional()
  @IsNullable()
  @IsDecimal(2)
  @Min(0)
  @Max(MAX_COST)
  estimatedCost?: number | null;
}

export class UpdateProjectDto extends PatchType(CreateProjectDto) {}

export class ProjectQueryDto extends IncrementalListQueryDto {
  /** Only projects of this cost centre (id or externalId). */
  @IsOptional()
  @IsString()
  costCentreId?: string;

  /** Only projects of this value stream (id or externalId). */
  @IsOptional()
  @IsString()
  valueStreamId?: string;

  /** Only projects in this delivery status. */
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  deliveryStatus?: DeliveryStatus;
}

export class ProjectDto {
  /** @example cdemoproj0000000000000001 */
  id: string;
  /**
   * Id in the system of record; null when none.
   * @example PRJ-0042
   */
  externalId: string | null;
  /** @example "Checkout redesign" */
  name: string;
  /** Short reporting code; null when none. */
  projectCode: string | null;
  /**
   * Free text; null when none.
   * @example "Rebuilds the checkout flow on the new payment API."
   */
  description: string | null;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD; null = no fixed end. */
  endDate: string | null;
  /**
   * The owner, a user of the organization; null when none.
   * @example cdemouser0000000000000001
   */
  ownerUserId: string | null;
  /** Derived from the linked tickets when the project has project-management links. */
  @ApiProperty({ example: 'IN_PROGRESS', enum: DELIVERY_STATUSES })
  deliveryStatus: DeliveryStatus;
  /** Lower = higher priority; default 0. */
  priority: number;
  /**
   * Estimated cost, two decimal places; null when none.
   * @example 125000.5
   */
  estimatedCost: number | null;
  /**
   * The value stream the project delivers to; null when none.
   * @example cdemovs000000000000000001
   */
  valueStreamId: string | null;
  /**
   * The project's cost centre; null when none.
   * @example cdemocc000000000000000001
   */
  costCentreId: string | null;
  /**
   * After endDate, the forecast books the project's allocations here (null: to costCentreId).
   * @example cdemocc000000000000000004
   */
  postCompletionCostCentreId: string | null;
  /** An icon name or emoji; null when none. */
  icon: string | null;
  /** Hex colour; default `#6B7280`. */
  iconColor: string;
  createdAt: string;
  updatedAt: string;
  /** By-id reads only. */
  customAttributes?: CustomAttributeValueDto[];

  static from(e: ProjectEntity): ProjectDto {
    return {
      id: e.id,
      externalId: e.externalId,
      name: e.name,
      projectCode: e.projectCode,
      description: e.description,
      startDate: e.startDate,
      endDate: e.endDate,
      ownerUserId: e.ownerUserId,
      deliveryStatus: e.deliveryStatus,
      priority: e.priority,
      estimatedCost: decimalToNumber(e.estimatedCost),
      valueStreamId: e.valueStreamId,
      costCentreId: e.costCentreId,
      postCompletionCostCentreId: e.postCompletionCostCentreId,
      icon: e.icon,
      iconColor: e.iconColor,
      ...timestamps(e),
    };
  }

  /** The record in change records and webhook payloads: decimals as strings without trailing zeros. */
  static payload(e: ProjectEntity): Record<string, unknown> {
    return { ...ProjectDto.from(e), estimatedCost: decimalToString(e.estimatedCost) };
  }
}
