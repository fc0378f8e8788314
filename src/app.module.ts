import { ApprovalsModule } from './approvals/approvals.module';
import { DynamicModule, Module, Type } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { AccessModule } from './access/access.module';
import { BusinessMetricsModule } from './business-metrics/business-metrics.module';
import { AllExceptionsFilter } from './common/errors/exception.filter';
import { IdempotencyModule } from './common/http/idempotency.interceptor';
import { AppValidationPipe } from './common/validation/validation.pipe';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { ResourceDescriptor, ResourcesModule } from './crud/resources';
import { addToVocabulary, resourcesDeclaredBy } from './crud/resource-declarations';
import { DatabaseRuntime } from './database/database-runtime';
import { featureModules } from './database/schema-files';
import { isFeatureModule } from './common/feature-module';
import { HealthController } from './health/health.controller';
import { HealthRepository } from './health/health.repository';
import { RootController } from './health/root.controller';
import { OrganizationsModule } from './organizations/organizations.module';
import { DemoModule } from './demo/demo.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { CustomAttributesModule } from './custom-attributes/custom-attributes.module';
import { ReferenceDataModule } from './reference-data/reference-data.module';
import { TeamsModule } from './teams/teams.module';
import { ProjectsModule } from './projects/projects.module';
import { AssignmentsModule } from './assignments/assignments.module';
import { EmployeesModule } from './employees/employees.module';
import { ContractorsModule } from './contractors/contractors.module';
import { VacanciesModule } from './vacancies/vacancies.module';
import { ScenariosModule } from './scenarios/scenarios.module';
import { FunctionalStructureModule } from './functional-structure/functional-structure.module';
import { CostModule } from './cost/cost.module';
import { ChangesModule } from './changes/changes.module';
import { ForecastsModule } from './forecasts/forecasts.module';
import { McpModule } from './mcp/mcp.module';
import { IntegrationsModule } from './integrations/integrations.module';
import { PersonalDataModule } from './personal-data/personal-data.module';
import { OperationsModule } from './operations/operations.module';
import { BudgetsModule } from './budgets/budgets.module';

/**
 * The feature modules, in the order Nest registers their routes (the OpenAPI document lists paths in that order):
 * those named here, then every module marked @FeatureModule() in its own folder, found by its file name
 * (`npm run generate:resource` writes one so; src/common/feature-module.ts). What each declares about its resources
 * is read from its metadata.
 */
const FEATURES: Type<unknown>[] = [
  AccessModule,
  OrganizationsModule,
  DemoModule,
  WebhooksModule,
  ReferenceDataModule,
  CustomAttributesModule,
  TeamsModule,
  ProjectsModule,
  AssignmentsModule,
  EmployeesModule,
  ContractorsModule,
  VacanciesModule,
  ScenariosModule,
  FunctionalStructureModule,
  CostModule,
  ChangesModule,
  ForecastsModule,
  BusinessMetricsModule,
  McpModule,
  IntegrationsModule,
  PersonalDataModule,
  BudgetsModule,
  ApprovalsModule,
];
FEATURES.push(...(featureModules(isFeatureModule) as Type<unknown>[]).filter((found) => !FEATURES.includes(found)));

let declared: readonly ResourceDescriptor[] | undefined;

/** Every resource descriptor of the app's modules, read from their metadata (before any provider exists). */
export function appResources(): readonly ResourceDescriptor[] {
  return (declared ??= resourcesDeclaredBy(FEATURES));
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, runtime: DatabaseRuntime): DynamicModule {
    addToVocabulary(appResources());
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(runtime),
        EventEmitterModule.forRoot(),
        // The write routes' interceptors (src/common/http/write-routes.ts) take their repository from it.
        IdempotencyModule,
        OperationsModule,
        ResourcesModule,
        ...FEATURES,
      ],
      controllers: [HealthController, RootController],
      providers: [
        HealthRepository,
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useClass: AppValidationPipe },
      ],
    };
  }
}
