import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import type { FeedStatus, MetricSourceEntity } from '../entities/metric-source.entity';

export class SourceErrorDto {
  /** What was wrong with the refused push. */
  message: string;
  /** When the push was refused. */
  @ApiProperty({ format: 'date-time' })
  at: string;
}

export class MetricSourceDto {
  id: string;
  /** The metric the source pushes readings of. */
  metricId: string;
  /** As first pushed (trimmed); pushes match it in any case. */
  name: string;
  /** Paused in the application; a paused source still accepts readings and stays paused. */
  paused: boolean;
  /** NO_DATA: nothing pushed yet; HEALTHY: the last push was accepted; FAILING: refused for periodEnd before periodStart or aiValue above value since the last good push. */
  @ApiProperty({ enum: ['NO_DATA', 'HEALTHY', 'FAILING'] })
  feedStatus: FeedStatus;
  /** The last accepted push. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastPushAt: string | null;
  /** The last push refused for one of those two reasons (kept after the feed recovers). */
  @ApiProperty({ type: SourceErrorDto, nullable: true })
  lastError: SourceErrorDto | null;
  createdAt: string;

  static from(entity: MetricSourceEntity): MetricSourceDto {
    return {
      id: entity.id,
      metricId: entity.metricId,
      name: entity.name,
      paused: entity.paused,
      feedStatus: entity.feedStatus,
      lastPushAt: entity.lastPushAt?.toISOString() ?? null,
      lastError:
        entity.lastErrorMessage !== null && entity.lastErrorAt !== null
          ? { message: entity.lastErrorMessage, at: entity.lastErrorAt.toISOString() }
          : null,
      createdAt: entity.createdAt.toISOString(),
    };
  }
}

export class UpdateMetricSourceDto {
  /** Pause or resume the source in the application. */
  @IsBoolean()
  @ApiProperty({ example: false })
  paused: boolean;
}
