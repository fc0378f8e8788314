import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { IntegerQuery, IsDateOnly, IsOptional, ToBoolean } from '../../common/validation/validators';

/** asOf and scenarioId: every read of document 02. */
export class FunctionalAsOfQueryDto {
  @ApiPropertyOptional({ example: '2026-01-01', description: 'The day read (default today, UTC)' })
  @IsOptional()
  @IsDateOnly()
  asOf?: string;

  /** Read a what-if scenario instead of live data. */
  @IsOptional()
  @IsString()
  scenarioId?: string;
}

/** offset/limit page (defaults 0 and 20, limit at most 100). */
export class FunctionalPageQueryDto extends FunctionalAsOfQueryDto {
  @IntegerQuery({ minimum: 0, maximum: 1_000_000, default: 0 })
  offset?: number;

  @IntegerQuery({ minimum: 1, maximum: 100, default: 20 })
  limit?: number;
}

/** GET / and GET /:id/positions: search, parentId, rootsOnly, offset, limit. */
export class FunctionalListQueryDto extends FunctionalPageQueryDto {
  /** Case-insensitive name/description search. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  /** Direct children of this group (list) or seats reporting to this position (positions). */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  parentId?: string;

  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  rootsOnly?: boolean;
}
