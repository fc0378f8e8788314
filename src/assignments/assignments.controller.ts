import { crudControllers } from '../crud/crud.controller';
import { AssignmentsService } from './assignments.service';
import { AssignmentDto, AssignmentQueryDto, CreateAssignmentDto, UpdateAssignmentDto } from './dto/assignment.dto';

/** The routes of this module: the CRUD routes (and, the table being copied into scenarios, the scenario routes). */
export const AssignmentsControllers = crudControllers({
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
