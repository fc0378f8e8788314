import { crudController } from '../crud/crud.controller';
import { AssignmentsService } from './assignments.service';
import { AssignmentDto, AssignmentQueryDto, CreateAssignmentDto, UpdateAssignmentDto } from './dto/assignment.dto';

const AssignmentsController = crudController({
  path: 'assignments',
  tag: 'Assignments',
  view: 'assignments_view',
  edit: 'assignments_edit',
  service: AssignmentsService,
  response: AssignmentDto,
  create: CreateAssignmentDto,
  update: UpdateAssignmentDto,
  query: AssignmentQueryDto,
  idDescription: 'The assignment id',
});

/** The routes of this module, in the order Nest registers them (fixed paths such as `bulk` before `:id`). */
export const AssignmentsControllers = [AssignmentsController];
