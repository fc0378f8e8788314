import type { ForecastGroupBy } from './dto/forecast-query.dto';

/**
 * What a group with no key stands for, per grouping: records without the attribute, or the part of a day not
 * allocated (a team or project grouping). The one group of `none` holds everything.
 */
const NO_KEY_LABEL: Readonly<Record<ForecastGroupBy, string>> = {
  none: 'All',
  costCentre: 'No cost centre',
  location: 'No location',
  jobRole: 'No job role',
  workType: 'No work type',
  team: 'No team',
  project: 'No project',
  projectCostCentre: 'No cost centre',
};

/**
 * The name a group is shown by, never blank: the record's name, its id when it has none (a record since deleted),
 * and for the group with no key what it holds ("No team", "No cost centre", ...). Answers, CSV and charts use it.
 */
export function groupLabel(groupBy: ForecastGroupBy, id: string | null, name: string | null): string {
  if (id === null) return NO_KEY_LABEL[groupBy];
  return name?.trim() ? name : id;
}
