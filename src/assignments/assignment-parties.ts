import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import type { TxScope } from '../database/unit-of-work';

export type PartyKind = 'employee' | 'contractor' | 'vacancy' | 'team' | 'project';

/** Resolves an id or externalId of one kind of record to its id, or throws 400 on `field`. */
export type PartyResolver = (scope: TxScope, value: string, field: string) => Promise<string>;

/**
 * Who can hold or receive an assignment. Each record module registers its resolver, so assignments
 * need not import every module (and those modules can import assignments for their nested creates).
 */
@Injectable()
export class AssignmentParties {
  private readonly resolvers = new Map<PartyKind, PartyResolver>();

  register(kind: PartyKind, resolver: PartyResolver): void {
    this.resolvers.set(kind, resolver);
  }

  async resolve(kind: PartyKind, { ctx, em }: TxScope, value: string, field: string): Promise<string> {
    const resolver = this.resolvers.get(kind);
    if (!resolver) throw DomainError.validation(field, `${field}: ${kind} records are not available`);
    return resolver({ ctx, em }, value, field);
  }
}
