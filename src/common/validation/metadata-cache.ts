import { getMetadataStorage } from 'class-validator';

type Rules = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>;

/**
 * class-validator looks up a class's rules on every object it validates: it filters the class's own
 * rules and walks every decorated class of the app for inherited ones (`instanceof`), then groups them
 * by property. The rules are fixed once the classes are decorated, so both answers are kept per class
 * and options, and forgotten whenever a rule is added. A bulk request validates up to 1,000 bodies
 * (with their nested objects): this was a fifth of its validation time (bench/RESULTS.md, bulk upsert).
 */
export function cacheValidationMetadata(): void {
  const storage = getMetadataStorage();
  if ((storage as { rulesCached?: boolean }).rulesCached) return;
  (storage as { rulesCached?: boolean }).rulesCached = true;
  const rules = new Map<unknown, Map<string, Rules>>();
  const grouped = new WeakMap<Rules, Record<string, Rules>>();

  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let byOptions = rules.get(target);
    if (!byOptions) rules.set(target, (byOptions = new Map()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookUp(target, schema, always, strictGroups, groups)));
    return found;
  };

  const group = storage.groupByPropertyName.bind(storage);
  storage.groupByPropertyName = (metadata) => {
    let found = grouped.get(metadata);
    if (!found) grouped.set(metadata, (found = group(metadata)));
    return found;
  };

  const add = storage.addValidationMetadata.bind(storage);
  storage.addValidationMetadata = (metadata) => {
    rules.clear();
    add(metadata);
  };
}
