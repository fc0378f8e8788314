import { Module } from '@nestjs/common';
import { AssignmentsModule } from '../assignments/assignments.module';
import { AssignmentsService } from '../assignments/assignments.service';
import { AssignmentDto, AssignmentQueryDto, CreateAssignmentDto, UpdateAssignmentDto } from '../assignments/dto/assignment.dto';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { ContractorsModule } from '../contractors/contractors.module';
import { ContractorsService } from '../contractors/contractors.service';
import { ContractorDto, ContractorQueryDto, CreateContractorDto, UpdateContractorDto } from '../contractors/dto/contractor.dto';
import { CreateEmployeeDto, EmployeeDto, EmployeeQueryDto, UpdateEmployeeDto } from '../employees/dto/employee.dto';
import { EmployeesModule } from '../employees/employees.module';
import { EmployeesService } from '../employees/employees.service';
import { CreateProjectDto, ProjectDto, ProjectQueryDto, UpdateProjectDto } from '../projects/dto/project.dto';
import { ProjectsModule } from '../projects/projects.module';
import { ProjectsService } from '../projects/projects.service';
import { CreateTeamDto, TeamDto, TeamQueryDto, UpdateTeamDto } from '../teams/dto/team.dto';
import { TeamsModule } from '../teams/teams.module';
import { TeamsService } from '../teams/teams.service';
import { CreateVacancyDto, UpdateVacancyDto, VacancyDto, VacancyQueryDto } from '../vacancies/dto/vacancy.dto';
import { VacanciesModule } from '../vacancies/vacancies.module';
import { VacanciesService } from '../vacancies/vacancies.service';
import { scenarioRecordsController } from './scenario-records.admin.controller';
import { ScenariosAdminController } from './scenarios.admin.controller';
import { MergeScenarioUseCase } from './merge-scenario.use-case';
import { ScenariosRepository } from './scenarios.repository';
import { ScenariosService } from './scenarios.service';

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

@Module({
  imports: [TeamsModule, EmployeesModule, ContractorsModule, ProjectsModule, VacanciesModule, AssignmentsModule, CustomAttributesModule],
  controllers: [ScenariosAdminController, ...records],
  providers: [ScenariosService, ScenariosRepository, MergeScenarioUseCase],
  exports: [ScenariosService],
})
export class ScenariosModule {}
