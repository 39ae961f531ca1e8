import { adminFormsRouter, guestFormsRouter, memberFormsRouter, staffFormsRouter, type FormsHttpDeps } from '@clinic/adapters/http';
import { KnexFormRepository, KnexFormResponseStore, type Database } from '@clinic/adapters/persistence';
import { NodeSha256, type SecretBox } from '@clinic/adapters/security';
import {
  FormsUseCase,
  ManageFormsUseCase,
  type AuditLogPort,
  type CancelTokensPort,
  type CheckConditionRepositoryPort,
  type CheckItemRepositoryPort,
  type ClockPort,
  type FormRepositoryPort,
  type FormResponseStorePort,
  type MemberRepositoryPort,
  type ReservationRepositoryPort,
  type StaffRepositoryPort,
} from '@clinic/core';
import { ContainerModule } from 'inversify';
import { RESERVATIONS } from './reservations.module';
import { SETTINGS } from './settings.module';
import { ACCOUNTS, FORMS, HTTP, SHARED } from './tokens';

/** Web forms: 問診票 and 同意書 (docs/forms.md). FORMS.secretBox is bound by the composition root. */
export const formsModule = new ContainerModule(({ bind }) => {
  const hasher = new NodeSha256();
  bind(FORMS.repository)
    .toResolvedValue((db: Database) => new KnexFormRepository(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(FORMS.responses)
    .toResolvedValue((db: Database, box: SecretBox) => new KnexFormResponseStore(db.knex, box), [SHARED.database, FORMS.secretBox])
    .inSingletonScope();
  bind(FORMS.manage)
    .toResolvedValue(
      (forms: FormRepositoryPort, conditions: CheckConditionRepositoryPort, clock: ClockPort, audit: AuditLogPort) =>
        new ManageFormsUseCase(forms, conditions, hasher, clock, audit),
      [FORMS.repository, SETTINGS.conditions, SHARED.clock, SHARED.audit],
    )
    .inSingletonScope();
  bind(FORMS.forms)
    .toResolvedValue(
      (
        forms: FormRepositoryPort,
        responses: FormResponseStorePort,
        reservations: ReservationRepositoryPort,
        tokens: CancelTokensPort,
        staffs: StaffRepositoryPort,
        members: MemberRepositoryPort,
        checkItems: CheckItemRepositoryPort,
        clock: ClockPort,
        audit: AuditLogPort,
      ) => new FormsUseCase(forms, responses, reservations, tokens, staffs, members, checkItems, hasher, clock, audit),
      [
        FORMS.repository,
        FORMS.responses,
        RESERVATIONS.repository,
        RESERVATIONS.tokens,
        ACCOUNTS.staffs,
        ACCOUNTS.members,
        SETTINGS.checkItems,
        SHARED.clock,
        SHARED.audit,
      ],
    )
    .inSingletonScope();
  const router = (make: (deps: FormsHttpDeps) => ReturnType<typeof adminFormsRouter>) =>
    bind(HTTP.router)
      .toResolvedValue(
        (manage: ManageFormsUseCase, forms: FormsUseCase, staffs: StaffRepositoryPort, members: MemberRepositoryPort) =>
          make({ manage, forms, accounts: { staffs, members } }),
        [FORMS.manage, FORMS.forms, ACCOUNTS.staffs, ACCOUNTS.members],
      )
      .inSingletonScope();
  router(adminFormsRouter);
  router(memberFormsRouter);
  router(guestFormsRouter);
  router(staffFormsRouter);
});
