import { AssignmentsService } from '../assignments/assignments.service';
import { AssignmentDto, AssignmentQueryDto, CreateAssignmentDto, UpdateAssignmentDto } from '../assignments/dto/assignment.dto';
import { ContractorsService } from '../contractors/contractors.service';
import { ContractorDto, ContractorQueryDto, CreateContractorDto, UpdateContractorDto } from '../contractors/dto/contractor.dto';
import { CreateEmployeeDto, EmployeeDto, EmployeeQueryDto, UpdateEmployeeDto } from '../employees/dto/employee.dto';
import { EmployeesService } from '../employees/employees.service';
import { CreateProjectDto, ProjectDto, ProjectQueryDto, UpdateProjectDto } from '../projects/dto/project.dto';
import { ProjectsService } from '../projects/projects.service';
import { CreateTeamDto, TeamDto, TeamQueryDto, UpdateTeamDto } from '../teams/dto/team.dto';
import { TeamsService } from '../teams/teams.service';
import { CreateVacancyDto, UpdateVacancyDto, VacancyDto, VacancyQueryDto } from '../vacancies/dto/vacancy.dto';
import { VacanciesService } from '../vacancies/vacancies.service';
import { scenarioRecordsController } from './scenario-records.admin.controller';
import { ScenariosAdminController } from './scenarios.admin.controller';
import { ScenarioSharingAdminController } from './scenario-sharing.admin.controller';

const records = [
  scenarioRecordsController({
    path: 'employees',
    service: EmployeesService,
    response: EmployeeDto,
    create: CreateEmployeeDto,
    update: UpdateEmployeeDto,
    query: EmployeeQueryDto,
  }),
  scenarioRecordsController({
    path: 'contractors',
    service: ContractorsService,
    response: ContractorDto,
    create: CreateContractorDto,
    update: UpdateContractorDto,
    query: ContractorQueryDto,
  }),
  scenarioRecordsController({
    path: 'vacancies',
    service: VacanciesService,
    response: VacancyDto,
    create: CreateVacancyDto,
    update: UpdateVacancyDto,
    query: VacancyQueryDto,
  }),
  scenarioRecordsController({
    path: 'teams',
    service: TeamsService,
    response: TeamDto,
    create: CreateTeamDto,
    update: UpdateTeamDto,
    query: TeamQueryDto,
  }),
  scenarioRecordsController({
    path: 'projects',
    service: ProjectsService,
    response: ProjectDto,
    create: CreateProjectDto,
    update: UpdateProjectDto,
    query: ProjectQueryDto,
  }),
  scenarioRecordsController({
    path: 'assignments',
    service: AssignmentsService,
    response: AssignmentDto,
    create: CreateAssignmentDto,
    update: UpdateAssignmentDto,
    query: AssignmentQueryDto,
  }),
];

/** The scenario routes: the scenarios themselves, their members and diff, then the writes inside an open scenario. */
export const ScenariosControllers = [ScenariosAdminController, ScenarioSharingAdminController, ...records];
