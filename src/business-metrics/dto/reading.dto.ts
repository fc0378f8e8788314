import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsNumber, IsString, Min } from 'class-validator';
import { PageQueryDto } from '../../common/http/pagination.dto';
import { IsCuid, IsDateOnly, IsNullable, IsOptional, NestedObject, Trim } from '../../common/validation/validators';
import { CharLength } from './text-rules';

export const MAX_READINGS_PER_REQUEST = 1000;
export const MAX_SOURCE_NAME = 120;
export const MAX_EXTERNAL_REF = 200;
export const MAX_NOTE = 2000;

/** One reading of a batch (document 01 "Business metric readings"). */
export class ReadingInputDto {
  /** First day of the period, inclusive: a real calendar date. */
  @ApiProperty({ format: 'date', example: '2026-01-01' })
  @IsDateOnly()
  periodStart: string;

  /** Last day of the period, inclusive; not before periodStart. */
  @ApiProperty({ format: 'date', example: '2026-01-31' })
  @IsDateOnly()
  periodEnd: string;

  /** Output in the metric's unit; >= 0. */
  @ApiProperty({ minimum: 0, example: 1250 })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  value: number;

  /** The part of `value` produced with AI: >= 0 and <= value; omitted or null = not measured; 0 = none. */
  @ApiPropertyOptional({ type: Number, minimum: 0, nullable: true, example: 300 })
  @IsOptional()
  @IsNullable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  aiValue?: number | null;

  /** The sending system's reference of the reading; up to 200 characters. */
  @ApiPropertyOptional({ example: 'zendesk-report-2026-01', type: String, nullable: true, maxLength: MAX_EXTERNAL_REF })
  @IsOptional()
  @IsNullable()
  @IsString()
  @CharLength(0, MAX_EXTERNAL_REF)
  externalRef?: string | null;

  /** Free text; up to 2,000 characters. */
  @ApiPropertyOptional({ example: 'January, all support queues', type: String, nullable: true, maxLength: MAX_NOTE })
  @IsOptional()
  @IsNullable()
  @IsString()
  @CharLength(0, MAX_NOTE)
  note?: string | null;
}

/** `POST /business-metrics/readings`: one metric, one source, a batch of 1 to 1,000 readings. */
export class IngestReadingsDto {
  /** The metric's key or id. */
  @ApiProperty({ example: 'tickets-resolved' })
  @IsString()
  @CharLength(1, 255)
  metric: string;

  /** Name of the sending system: 1 to 120 characters after trimming, matched case-insensitively; created on first push. */
  @ApiProperty({ minLength: 1, maxLength: MAX_SOURCE_NAME, example: 'Zendesk' })
  @Trim()
  @IsString()
  @CharLength(1, MAX_SOURCE_NAME)
  source: string;

  /** 1 to 1,000 readings, written all or none. */
  @ApiProperty({ type: [ReadingInputDto], minItems: 1, maxItems: MAX_READINGS_PER_REQUEST })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_READINGS_PER_REQUEST)
  @NestedObject(() => ReadingInputDto, { each: true })
  readings: ReadingInputDto[];
}

export class IngestedMetricDto {
  id: string;
  /** The metric's key. */
  slug: string;
}

export class IngestedSourceDto {
  id: string;
  name: string;
}

/** `{ metric: { id, slug }, source: { id, name }, written }` */
export class IngestResultDto {
  metric: IngestedMetricDto;
  source: IngestedSourceDto;
  /** The number of readings in the batch, all written. */
  written: number;
}

/** A stored reading, as the application API lists it. */
export class ReadingDto {
  /** The metric. */
  metricId: string;
  /** The source that pushed the reading. */
  sourceId: string;
  /** The source's name, for display. */
  sourceName: string;
  /** First day of the period, inclusive. */
  @ApiProperty({ format: 'date' })
  periodStart: string;
  /** Last day of the period, inclusive. */
  @ApiProperty({ format: 'date' })
  periodEnd: string;
  /** Output in the metric's unit. */
  value: number;
  /** The part of value produced with AI; null = not measured; 0 = none. */
  @ApiProperty({ type: Number, nullable: true })
  aiValue: number | null;
  /** The sending system's reference of the reading; null when none. */
  @ApiProperty({ type: String, nullable: true })
  externalRef: string | null;
  /** Free text; null when none. */
  @ApiProperty({ type: String, nullable: true })
  note: string | null;
  /** When the reading was first received. */
  createdAt: string;
  /** When it was last replaced. */
  updatedAt: string;
}

/** Filters of the readings listing; periods overlapping [from, to] are returned. */
export class ReadingListQueryDto extends PageQueryDto {
  /** Only this source's readings. */
  @IsOptional()
  @IsCuid()
  sourceId?: string;

  /** Readings whose period ends on or after this day. */
  @ApiPropertyOptional({ format: 'date' })
  @IsOptional()
  @IsDateOnly()
  from?: string;

  /** Readings whose period starts on or before this day. */
  @ApiPropertyOptional({ format: 'date' })
  @IsOptional()
  @IsDateOnly()
  to?: string;
}
