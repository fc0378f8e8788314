import { VacancyEntity } from './vacancies/entities/vacancy.entity';
import { RateAdjustmentEntity } from './compensation/entities/rate-adjustment.entity';
import { ContractorEntity } from './contractors/entities/contractor.entity';
import { AssignmentEntity } from './assignments/entities/assignment.entity';
import { SalaryAdjustmentEntity } from './compensation/entities/salary-adjustment.entity';
import { EmployeeEntity } from './employees/entities/employee.entity';
import { CustomAttributeDefinitionEntity } from './custom-attributes/entities/custom-attribute-definition.entity';
import { CustomAttributeValueEntity } from './custom-attributes/entities/custom-attribute-value.entity';
import { CostCentreEntity } from './reference-data/entities/cost-centre.entity';
import { DriverEntity } from './reference-data/entities/driver.entity';
import { ExchangeRateEntity } from './reference-data/entities/exchange-rate.entity';
import { JobRoleEntity } from './reference-data/entities/job-role.entity';
import { LocationEntity } from './reference-data/entities/location.entity';
import { ResourceTypeEntity } from './reference-data/entities/resource-type.entity';
import { ValueStreamEntity } from './reference-data/entities/value-stream.entity';
import { TeamEntity } from './teams/entities/team.entity';
import { ProjectEntity } from './projects/entities/project.entity';
import { ProjectLinkEntity } from './projects/entities/project-link.entity';
import { ApiKeyEntity } from './access/entities/api-key.entity';
import { BusinessMetricEntity } from './business-metrics/entities/business-metric.entity';
import { MetricReadingEntity } from './business-metrics/entities/metric-reading.entity';
import { MetricSourceEntity } from './business-metrics/entities/metric-source.entity';
import { OrganizationEntity } from './database/entities/organization.entity';
import { UserEntity } from './organizations/entities/user.entity';
import { PlanEntity } from './organizations/entities/plan.entity';
import { ScenarioMemberEntity } from './organizations/entities/scenario-member.entity';
import { RecordChangeEntity } from './database/entities/record-change.entity';
import { ChangeClockEntity } from './database/entities/change-clock.entity';
import { ChangeRetentionEntity } from './database/entities/change-retention.entity';
import { IdempotencyKeyEntity } from './database/entities/idempotency-key.entity';
import { WebhookDeliveryEntity } from './webhooks/entities/webhook-delivery.entity';
import { FunctionalGroupEntity } from './functional-structure/entities/functional-group.entity';
import { FunctionalGroupPlacementEntity } from './functional-structure/entities/functional-group-placement.entity';
import { FunctionalPositionEntity } from './functional-structure/entities/functional-position.entity';
import { FunctionalPositionReportEntity } from './functional-structure/entities/functional-position-report.entity';
import { FunctionalAssignmentEntity } from './functional-structure/entities/functional-assignment.entity';
import { FunctionalAccessGrantEntity } from './functional-structure/entities/functional-access-grant.entity';
import { WebhookEndpointEntity } from './webhooks/entities/webhook-endpoint.entity';
import { IntegrationEntity } from './integrations/entities/integration.entity';
import { BudgetEntity } from './budgets/entities/budget.entity';

/** Every entity, for the app's data source and the TypeORM CLI alike. Add new ones here. */
export const ENTITIES = [
  OrganizationEntity,
  PlanEntity,
  ScenarioMemberEntity,
  UserEntity,
  ApiKeyEntity,
  RecordChangeEntity,
  ChangeClockEntity,
  ChangeRetentionEntity,
  IdempotencyKeyEntity,
  JobRoleEntity,
  LocationEntity,
  CostCentreEntity,
  ValueStreamEntity,
  ResourceTypeEntity,
  DriverEntity,
  ExchangeRateEntity,
  TeamEntity,
  CustomAttributeDefinitionEntity,
  CustomAttributeValueEntity,
  AssignmentEntity,
  EmployeeEntity,
  SalaryAdjustmentEntity,
  ContractorEntity,
  RateAdjustmentEntity,
  VacancyEntity,
  BusinessMetricEntity,
  MetricSourceEntity,
  MetricReadingEntity,
  WebhookEndpointEntity,
  WebhookDeliveryEntity,
  IntegrationEntity,
  ProjectEntity,
  ProjectLinkEntity,
  FunctionalGroupEntity,
  FunctionalGroupPlacementEntity,
  FunctionalPositionEntity,
  FunctionalPositionReportEntity,
  FunctionalAssignmentEntity,
  FunctionalAccessGrantEntity,
  BudgetEntity,
];
