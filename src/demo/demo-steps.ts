import {
  allocationSteps,
  compensationSteps,
  contractorSteps,
  DemoStep,
  employeeSteps,
  projectSteps,
  referenceSteps,
  vacancySteps,
} from './demo-data';
import type { ResourceDemo } from '../crud/resources';
import { approvalPolicySteps, budgetSteps, definitionSteps, deletableSteps, integrationSteps, resourceSteps } from './demo-extras';
import { extraSteps, functionalSteps, scenarioSteps } from './demo-structure';

/**
 * Every write of the demo seed, in order (a record's references are written before it): the modules' resources
 * (`demo` of their descriptors) after the app's own records, before the scenario that copies them.
 */
export function demoSteps(resources: readonly { demo: ResourceDemo; customAttributeTypes: readonly string[] }[] = []): DemoStep[] {
  return [
    ...referenceSteps(),
    ...projectSteps(),
    ...employeeSteps(),
    ...contractorSteps(),
    ...vacancySteps(),
    ...allocationSteps(),
    ...compensationSteps(),
    ...functionalSteps(),
    ...extraSteps(),
    ...definitionSteps(),
    ...budgetSteps(),
    ...approvalPolicySteps(),
    ...integrationSteps(),
    ...resources.flatMap(resourceSteps),
    ...deletableSteps(),
    ...scenarioSteps(),
  ];
}
