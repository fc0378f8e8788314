import { Foundation1795258169863 } from './1795258169863-Foundation';
import { BusinessMetrics1795259066306 } from './1795259066306-BusinessMetrics';
import { ReferenceData1795259093079 } from './1795259093079-ReferenceData';
import { Webhooks1795259155885 } from './1795259155885-Webhooks';
import { People1795259609331 } from './1795259609331-People';
import { Contractors1795259976237 } from './1795259976237-Contractors';
import { Vacancies1795260770923 } from './1795260770923-Vacancies';
import { SearchIndexes1795262000000 } from './1795262000000-SearchIndexes';
import { SortIndexes1795263000000 } from './1795263000000-SortIndexes';
import { Projects1795259638073 } from './1795259638073-Projects';
import { FunctionalStructure1795262010182 } from './1795262010182-FunctionalStructure';
import { FunctionalAccess1795267583356 } from './1795267583356-FunctionalAccess';
import { FunctionalVisibilitySetting1795530322597 } from './1795530322597-FunctionalVisibilitySetting';
import { ChangesFeed1795600000000 } from './1795600000000-ChangesFeed';
import { MetricCostScope1795610000000 } from './1795610000000-MetricCostScope';
import { Integrations1795630000000 } from './1795630000000-Integrations';
import { CitusKeys1795640000000 } from './1795640000000-CitusKeys';
import { ForecastPayIndexOrganization1795660000000 } from './1795660000000-ForecastPayIndexOrganization';
import { IdempotencyKeysPerApiKey1795670000000 } from './1795670000000-IdempotencyKeysPerApiKey';
import { ForecastPayIndex1795620000000 } from './1795620000000-ForecastPayIndex';
import { IdempotencyKeys1795536614032 } from './1795536614032-IdempotencyKeys';
import { NoticePeriodSetting1795540000000 } from './1795540000000-NoticePeriodSetting';
import { EmployeesFillfactor1795650000000 } from './1795650000000-EmployeesFillfactor';
import { ProjectPostCompletionCostCentre1795680000000 } from './1795680000000-ProjectPostCompletionCostCentre';
import { ScenarioAccess1795470000000 } from './1795470000000-ScenarioAccess';
import { PersonalDataRetention1795480000000 } from './1795480000000-PersonalDataRetention';
import { EmployeesInternalIdSearch1795944000000 } from './1795944000000-EmployeesInternalIdSearch';
import { SubscriptionsConfiguredByAndPurgeHorizon1796652175646 } from './1796652175646-SubscriptionsConfiguredByAndPurgeHorizon';
import { ForecastAssumptions1796654151896 } from './1796654151896-ForecastAssumptions';
import { Budgets1796654228427 } from './1796654228427-Budgets';

/** Every migration in order. `npm run migration:generate -- <Name>` writes one and lists it here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const MIGRATIONS: Function[] = [
  Foundation1795258169863,
  BusinessMetrics1795259066306,
  ReferenceData1795259093079,
  Webhooks1795259155885,
  People1795259609331,
  Projects1795259638073,
  Contractors1795259976237,
  Vacancies1795260770923,
  SearchIndexes1795262000000,
  FunctionalStructure1795262010182,
  SortIndexes1795263000000,
  FunctionalAccess1795267583356,
  FunctionalVisibilitySetting1795530322597,
  IdempotencyKeys1795536614032,
  NoticePeriodSetting1795540000000,
  ChangesFeed1795600000000,
  MetricCostScope1795610000000,
  ForecastPayIndex1795620000000,
  Integrations1795630000000,
  CitusKeys1795640000000,
  EmployeesFillfactor1795650000000,
  ForecastPayIndexOrganization1795660000000,
  IdempotencyKeysPerApiKey1795670000000,
  ProjectPostCompletionCostCentre1795680000000,
  ScenarioAccess1795470000000,
  PersonalDataRetention1795480000000,
  EmployeesInternalIdSearch1795944000000,
  SubscriptionsConfiguredByAndPurgeHorizon1796652175646,
  ForecastAssumptions1796654151896,
  Budgets1796654228427,
];
