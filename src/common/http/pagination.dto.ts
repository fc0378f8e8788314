import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { IntegerQuery, IsDateTime, IsOptional } from '../validation/validators';

/** page and limit alone: application API lists; the public API lists add to them (ListQueryDto). */
export class PageQueryDto {
  /** 1-based page number. */
  @IntegerQuery({ minimum: 1, maximum: 1_000_000, default: 1 })
  page?: number;

  /** Page size, 1 to 100. */
  @IntegerQuery({ minimum: 1, maximum: 100, default: 20 })
  limit?: number;
}

/** page, limit, search, sortBy, sortDir, scenarioId: the common list query of document 01. */
export class ListQueryDto extends PageQueryDto {
  /** Case-insensitive free text. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  /** A field name from the resource's allow-list. */
  @IsOptional()
  @IsString()
  sortBy?: string;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'asc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  sortDir?: 'asc' | 'desc';

  /** Read a what-if scenario instead of live data. */
  @IsOptional()
  @IsString()
  scenarioId?: string;
}

/** The list query of the records an HR system syncs (spec 04 §4.3): adds `updatedSince`. */
export class IncrementalListQueryDto extends ListQueryDto {
  /** Only records with `updatedAt` at or after this instant (ISO 8601 datetime with a time zone). */
  @ApiPropertyOptional({ format: 'date-time', example: '2026-01-31T09:30:00Z' })
  @IsOptional()
  @IsDateTime()
  updatedSince?: string;
}
