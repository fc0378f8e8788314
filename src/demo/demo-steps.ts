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
import { budgetSteps, definitionSteps, deletableSteps, integrationSteps } from './demo-extras';
import { extraSteps, functionalSteps, scenarioSteps } from './demo-structure';

/** Every write of the demo seed, in order (a record's references are written before it). */
export function demoSteps(): DemoStep[] {
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
    ...integrationSteps(),
    ...deletableSteps(),
    ...scenarioSteps(),
  ];
}
