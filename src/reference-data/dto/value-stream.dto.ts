import { PatchType } from '../../common/validation/patch-type';
import { CodedReferenceDto, CreateCodedReferenceDto } from './coded-reference.dto';

export class CreateValueStreamDto extends CreateCodedReferenceDto {}

export class UpdateValueStreamDto extends PatchType(CreateValueStreamDto) {}

export class ValueStreamDto extends CodedReferenceDto {}
