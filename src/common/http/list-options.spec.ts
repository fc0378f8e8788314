import { DomainError } from '../errors/domain-error';
import { likePattern, parseIncludes, parseSort } from './list-options';

describe('01 rule 7: include parsing', () => {
  it('accepts allowed keys, comma-separated, ignoring blanks', () => {
    expect([...parseIncludes('currentSalary, assignments,', ['currentSalary', 'salaryHistory', 'assignments'])]).toEqual([
      'currentSalary',
      'assignments',
    ]);
    expect(parseIncludes(undefined, ['a']).size).toBe(0);
  });

  it('refuses a key that is not allowed with VALIDATION_ERROR on field include', () => {
    try {
      parseIncludes('currentSalary,bogus', ['currentSalary']);
      throw new Error('not thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('VALIDATION_ERROR');
      expect((error as DomainError).details?.[0].field).toBe('include');
    }
  });
});

describe('sortBy allow-lists', () => {
  const allowed = { lastName: 'e.last_name', createdAt: 'e.created_at' };
  it('maps an API field to its column, with the default and direction', () => {
    expect(parseSort(undefined, undefined, allowed, 'lastName')).toEqual({ column: 'e.last_name', direction: 'ASC' });
    expect(parseSort('createdAt', 'desc', allowed, 'lastName')).toEqual({ column: 'e.created_at', direction: 'DESC' });
  });
  it('refuses anything else, including prototype names', () => {
    expect(() => parseSort('salary; drop table', 'asc', allowed, 'lastName')).toThrow(DomainError);
    expect(() => parseSort('constructor', 'asc', allowed, 'lastName')).toThrow(DomainError);
  });
});

describe('search patterns', () => {
  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
