import 'reflect-metadata';
import { classNameOf, generatedController } from '../../src/common/http/generated-controller';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

class BodyDto {}
class QueryDto {}

describe('generated controllers (src/common/http/generated-controller.ts)', () => {
  it('06/§3.3: a factory-built controller is named after its path and its routes take the DTO classes it was given', () => {
    class Built {
      list(_ctx: unknown, _q: unknown): void {}
      create(_ctx: unknown, _id: string, _body: unknown): void {}
    }
    const named = generatedController(Built, `${classNameOf('cost-centres')}Controller`, {
      list: [Object, QueryDto],
      create: [Object, String, BodyDto],
    });
    expect(named.name).toBe('CostCentresController');
    expect(Reflect.getMetadata('design:paramtypes', named.prototype, 'list')).toEqual([Object, QueryDto]);
    expect(Reflect.getMetadata('design:paramtypes', named.prototype, 'create')).toEqual([Object, String, BodyDto]);
  });

  it('06/§3.3: a route that is not on the class, or types that do not match its parameters, fail at start-up', () => {
    class Built {
      update(_ctx: unknown, _id: string, _body: unknown): void {}
    }
    expect(() => generatedController(Built, 'X', { update: [Object, BodyDto] })).toThrow('takes 3 parameters; 2 types were given');
    expect(() => generatedController(Built, 'X', { remove: [Object] })).toThrow('no route method remove');
  });
});
