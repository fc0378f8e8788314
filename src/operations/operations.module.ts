import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';
import { MetricsController } from './metrics.controller';

/**
 * What an operator sees (spec 05 §2): the Prometheus metrics, global so that any module can count what it
 * does (webhook deliveries, PULL runs) without importing this one's module. Tracing is started before
 * the app by `src/instrumentation.ts` (`tracing.ts` here).
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [Metrics],
  exports: [Metrics],
})
export class OperationsModule {}
