import { PatchType } from '../../common/validation/patch-type';
import { CodedReferenceDto, CreateCodedReferenceDto } from './coded-reference.dto';

export class CreateCostCentreDto extends CreateCodedReferenceDto {}

export class UpdateCostCentreDto extends PatchType(CreateCostCentreDto) {}

export class CostCentreDto extends CodedReferenceDto {}
